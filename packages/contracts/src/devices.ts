import { z } from 'zod';
import { id, listQuery, listReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

export const device = z.object({ id, udid: z.string(), name: z.string(), appUserId: id.nullable(), createdAt: timestamp, lastSeenAt: timestamp.nullable() });
export type Device = z.infer<typeof device>;

export const listDevices = defineV2Route({ path: 'devices/list', access: 'admin', summary: 'Devices that scanned for this account.', body: listQuery, reply: listReply(device) });
export const renameDevice = defineV2Route({ path: 'devices/rename', access: 'admin', summary: 'Renames a device.', body: z.object({ id, name: z.string().trim().min(1, 'Enter a name').max(100) }), reply: device });
