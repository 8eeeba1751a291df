import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { DeviceRow, DevicesRepo } from './devices.repo.js';

export type DeviceInfo = { id: number; udid: string; name: string; appUserId: number | null; createdAt: string; lastSeenAt: string | null };

function info(r: DeviceRow): DeviceInfo {
  return { id: r.id, udid: r.udid, name: r.name, appUserId: r.app_user_id, createdAt: r.created_at, lastSeenAt: r.last_seen_at };
}

/** Devices: listed and renamed by admins, registered by the scanner app. */
export class DevicesService {
  /** Set by the container: refuses a device new to the account at the plan's device limit (modules/billing). */
  admitNew: ((accountId: number, udid: string) => Promise<void>) | undefined;

  constructor(readonly repo: DevicesRepo) {}

  /** Devices for an id list or `all`; an unknown id answers 410. */
  async resolve(accountId: number, ids: number[] | 'all'): Promise<DeviceInfo[]> {
    const { rows } = await this.repo.list(accountId, { ids });
    if (Array.isArray(ids)) {
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw new CodedError('NOT_FOUND', 410, `Device ${missing} does not exist.`);
    }
    return rows.map(info);
  }

  async list(accountId: number, q: { page: number; limit: number; search?: string | undefined; sortby?: string | undefined; sortdirection?: 'asc' | 'desc' | undefined }) {
    const sortBy = q.sortby === 'name' ? 'name' : q.sortby === 'created' || q.sortby === 'createdAt' ? 'created_at' : 'id';
    const { rows, total } = await this.repo.list(accountId, { search: q.search, sortBy, desc: q.sortdirection === 'desc', offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: rows.map(info), total, page: q.page, limit: q.limit };
  }

  async rename(accountId: number, id: number, rawName: string | undefined): Promise<DeviceInfo> {
    const name = (rawName ?? '').trim();
    if (name === '' || name.length > 100) throw new CodedError('VALIDATION_FAILED', 410, 'device_name needs 1 to 100 characters.');
    if (!(await this.repo.rename(accountId, id, name))) throw new CodedError('NOT_FOUND', 410, `Device ${id} does not exist.`);
    const [d] = await this.resolve(accountId, [id]);
    return d!;
  }

  /** Called by the scanner app when a device signs in. */
  async register(accountId: number, udid: string, name: string, appUserId: number | null): Promise<number> {
    if (this.admitNew) await this.admitNew(accountId, udid);
    return this.repo.register(accountId, { udid, name, appUserId });
  }
}
