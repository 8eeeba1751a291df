import { tz } from '@date-fns/tz';
import { startOfDay } from 'date-fns/startOfDay';
import type { SpecializedInstance, SpecializedInstanceDetail, SpecializedType } from '@scanbase/contracts';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { DatabasesRepo } from '../databases/databases.repo.js';
import { DatabasesService } from '../databases/databases.service.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { isActive } from '../scans/validation-rules.js';
import { parseStoredSettings } from '../services/service-settings.js';
import { ServicesRepo } from '../services/services.repo.js';
import { ServicesService } from '../services/services.service.js';
import type { SpecializedTypeDefinition } from './specialized-type.js';
import { SpecializedRepo, type InstanceRow } from './specialized.repo.js';
import { parseTypeSettings, storedTypeSettings } from './type-settings.js';
import { specializedTypeDefinitions } from './types/index.js';

/** The definition of a type that is built, or a clear refusal. */
export function typeDefinition(type: string): SpecializedTypeDefinition {
  const def = specializedTypeDefinitions[type as SpecializedType];
  if (!def) throw new AppError('CONFLICT', `The ${type} service type is not available yet.`);
  return def;
}

/** Specialized service instances: services with a type (issues 13 and 14). */
export class SpecializedService {
  constructor(private readonly deps: { db: Db; repo: SpecializedRepo; questions: QuestionsService }) {}

  private bound(repo: SpecializedRepo) {
    const databases = new DatabasesService(new DatabasesRepo(repo.db, repo.dialect));
    const services = new ServicesService(new ServicesRepo(repo.db, repo.dialect), { databases, questions: this.deps.questions });
    return { databases, services };
  }

  /** Instances with type, status and today's scans. */
  async list(accountId: number, q: { page: number; limit: number; search?: string | undefined; type?: SpecializedType | undefined }) {
    const { repo } = this.deps;
    const { rows, total } = await repo.list(accountId, { type: q.type, search: q.search, offset: (q.page - 1) * q.limit, limit: q.limit });
    const zone = await repo.timeZone(accountId);
    const counts = await repo.scansSince(accountId, rows.map((r) => r.id), startOfDay(new Date(), { in: tz(zone) }).toISOString());
    return { items: rows.map((r) => this.summary(r, zone, counts.get(r.id) ?? 0)), total, page: q.page, limit: q.limit };
  }

  private summary(r: InstanceRow, zone: string, scansToday: number): SpecializedInstance {
    return {
      id: r.id, type: r.specialized_type as SpecializedType, name: r.name, databaseId: r.database_id,
      status: isActive(parseStoredSettings(r.settings), new Date(), zone) ? 'active' : 'inactive', scansToday, createdAt: r.created_at,
    };
  }

  /** One instance with its settings (another account's id or an ordinary service answers NOT_FOUND). */
  async get(accountId: number, id: number, repo = this.deps.repo): Promise<SpecializedInstanceDetail> {
    const row = await repo.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', `Specialized service ${id} does not exist.`);
    const zone = await repo.timeZone(accountId);
    const [counts, userIds] = await Promise.all([repo.scansSince(accountId, [id], startOfDay(new Date(), { in: tz(zone) }).toISOString()), repo.userIds(accountId, id)]);
    const def = specializedTypeDefinitions[row.specialized_type as SpecializedType];
    const settings = def ? storedTypeSettings(def, row.type_settings) : {};
    return { ...this.summary(row, zone, counts.get(id) ?? 0), settings, userIds };
  }

  /** Makes the service (and a database when the type needs one) and answers the instance; all or nothing. */
  async create(accountId: number, input: { type: SpecializedType; name: string; databaseId: number | null; settings: Record<string, unknown>; userIds: number[] }): Promise<SpecializedInstanceDetail> {
    const def = typeDefinition(input.type);
    const settings = parseTypeSettings(def, input.settings);
    return this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new SpecializedRepo(trx, this.deps.db.dialect);
      const { databases, services } = this.bound(repo);
      let databaseId = def.database === 'none' ? null : input.databaseId;
      if (databaseId !== null) await databases.require(accountId, databaseId);
      if (databaseId === null && def.database === 'required') {
        let name = input.name;
        for (let i = 2; await databases.repo.findByName(accountId, name); i++) name = `${input.name} ${i}`;
        databaseId = (await databases.create(accountId, { name, caseSensitive: false })).id;
      }
      const vars: Record<string, string> = { ...def.serviceVariables(settings, databaseId), service_name: input.name };
      const id = await services.create(accountId, (n) => vars[n]);
      await repo.setType(accountId, id, def.type, JSON.stringify(settings));
      if (input.userIds.length > 0) await services.setUsers(accountId, id, input.userIds);
      await def.afterCreate?.({ db: trx, dialect: this.deps.db.dialect, accountId, instanceId: id, settings });
      return this.get(accountId, id, repo);
    });
  }

  /** Renames and/or replaces the type settings; the service underneath follows the settings. */
  async update(accountId: number, input: { id: number; name?: string | undefined; settings?: Record<string, unknown> | undefined }): Promise<SpecializedInstanceDetail> {
    return this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new SpecializedRepo(trx, this.deps.db.dialect);
      const row = await repo.get(accountId, input.id);
      if (!row) throw new AppError('NOT_FOUND', `Specialized service ${input.id} does not exist.`);
      const def = typeDefinition(row.specialized_type);
      const { services } = this.bound(repo);
      const settings = input.settings === undefined ? storedTypeSettings(def, row.type_settings) : parseTypeSettings(def, input.settings);
      const vars: Record<string, string> = { ...def.serviceVariables(settings, row.database_id) };
      if (input.name !== undefined) vars.service_name = input.name;
      await services.update(accountId, input.id, (n) => vars[n], { resetSymbologies: false });
      await repo.setType(accountId, input.id, def.type, JSON.stringify(settings));
      return this.get(accountId, input.id, repo);
    });
  }

  /** Deletes the instance's service (soft: its scans stay searchable). */
  async delete(accountId: number, id: number): Promise<void> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', `Specialized service ${id} does not exist.`);
    await this.bound(this.deps.repo).services.delete(accountId, [id]);
  }
}
