import { z } from 'zod';
import { id, listQuery, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

export const apiKey = z.object({
  id,
  name: z.string(),
  prefix: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

const keyName = z.string().trim().min(1, 'Give the key a name').max(80);

export const listApiKeys = defineV2Route({
  path: 'apikeys/list',
  access: 'admin',
  summary: 'Active API keys of the account (the secret itself is never shown again).',
  body: z.object({}),
  reply: z.object({ items: z.array(apiKey) }),
});

export const createApiKey = defineV2Route({
  path: 'apikeys/create',
  access: 'admin',
  summary: 'Create an API key; the reply holds the secret once.',
  body: z.object({ name: keyName.default('API key') }),
  reply: z.object({ key: apiKey, secret: z.string() }),
});

export const renameApiKey = defineV2Route({
  path: 'apikeys/rename',
  access: 'admin',
  summary: 'Rename an API key.',
  body: z.object({ id, name: keyName }),
  reply: apiKey,
});

export const revokeApiKey = defineV2Route({
  path: 'apikeys/revoke',
  access: 'admin',
  summary: 'Revoke an API key; calls with it answer legacy error 100 from then on.',
  body: z.object({ id }),
  reply: okReply,
});

/** An IPv4/IPv6 address or CIDR range. */
export const ipRange = z.string().trim().min(2).max(64);

export const getIpAllowList = defineV2Route({
  path: 'ipallowlist/get',
  access: 'admin',
  summary: 'Addresses allowed to call the legacy API with an api_key; empty means any address. `yourIp` is the address this request came from.',
  body: z.object({}),
  reply: z.object({ entries: z.array(z.string()), yourIp: z.string() }),
});

export const updateIpAllowList = defineV2Route({
  path: 'ipallowlist/update',
  access: 'admin',
  summary: 'Replace the IP allow-list (addresses or CIDR ranges; empty allows any address).',
  body: z.object({ entries: z.array(ipRange).max(200) }),
  reply: z.object({ entries: z.array(z.string()) }),
});

export const apiLogEntry = z.object({
  id,
  createdAt: timestamp,
  apiKeyId: id.nullable(),
  section: z.string(),
  action: z.string(),
  ip: z.string(),
  status: z.number().int(),
  errorCode: z.number().int().nullable(),
  durationMs: z.number(),
});
export type ApiLogEntry = z.infer<typeof apiLogEntry>;

export const listApiLog = defineV2Route({
  path: 'apilog/list',
  access: 'admin',
  summary: 'Every legacy API call made with an api_key, newest first; filter by section, status (1 ok, 0 error) and key.',
  body: listQuery.extend({ section: z.string().max(40).optional(), status: z.union([z.literal(0), z.literal(1)]).optional(), apiKeyId: id.optional() }),
  reply: listReply(apiLogEntry),
});
