import type { Service, ServiceSettings, ValidationMethod } from '@scanbase/contracts';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { ServiceRow, ServicesRepo } from './services.repo.js';
import { applyVariables, parseStoredSettings, type ServiceState, type Vars } from './service-settings.js';

export const QUESTION_CONDITIONS = ['shared_submit', 'pre_submit', 'post_submit', 'valid_scan', 'invalid_scan'] as const;
export type QuestionCondition = (typeof QUESTION_CONDITIONS)[number];

function state(r: ServiceRow): ServiceState {
  const settings: ServiceSettings = parseStoredSettings(r.settings);
  return { name: r.name, validationMethod: r.validation_method as ValidationMethod, databaseId: r.database_id, postbackUrl: r.postback_url, description: r.description, duplicateValue: r.duplicate_value === 1, settings };
}

/** Services (scanning workflows): their settings, permitted app users and questions. */
export class ServicesService {
  constructor(
    readonly repo: ServicesRepo,
    private readonly deps: { databases: DatabasesService; questions: QuestionsService },
  ) {}

  /** Live services for an id list or `all`; an unknown id answers 200. */
  async resolve(accountId: number, ids: number[] | 'all'): Promise<ServiceRow[]> {
    const { rows } = await this.repo.list(accountId, { ids });
    if (Array.isArray(ids)) {
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw new CodedError('NOT_FOUND', 200, `Service ${missing} does not exist.`);
    }
    return rows;
  }

  async describe(accountId: number, rows: ServiceRow[]): Promise<Service[]> {
    const ids = rows.map((r) => r.id);
    const [users, questions] = await Promise.all([this.repo.users(accountId, ids), this.repo.questions(accountId, ids)]);
    return rows.map((r) => {
      const s = state(r);
      return {
        id: r.id, name: s.name, validationMethod: s.validationMethod, databaseId: s.databaseId, postbackUrl: s.postbackUrl, description: s.description, duplicateValue: s.duplicateValue, settings: s.settings,
        userIds: users.filter((u) => u.service_id === r.id).map((u) => u.app_user_id),
        questions: questions.filter((q) => q.service_id === r.id).map((q) => ({ id: q.question_id, condition: q.condition as QuestionCondition, required: q.required === 1 })),
        createdAt: r.created_at, updatedAt: r.updated_at,
      };
    });
  }

  async list(accountId: number, q: { page: number; limit: number; search?: string | undefined; servicetype?: string | undefined; sortby?: string | undefined; sortdirection?: 'asc' | 'desc' | undefined }) {
    const sortBy = q.sortby === 'name' ? 'name' : q.sortby === 'type' || q.sortby === 'servicetype' ? 'validation_method' : q.sortby === 'created' || q.sortby === 'createdAt' ? 'created_at' : 'id';
    const { rows, total } = await this.repo.list(accountId, { search: q.search, type: q.servicetype, sortBy, desc: q.sortdirection === 'desc', offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: await this.describe(accountId, rows), total, page: q.page, limit: q.limit };
  }

  async get(accountId: number, id: number): Promise<Service> {
    const [s] = await this.describe(accountId, await this.resolve(accountId, [id]));
    return s!;
  }

  /** The name to store: 219 when invalid, 215 when another live service has it. */
  private async checkName(repo: ServicesRepo, accountId: number, raw: string, exceptId?: number): Promise<string> {
    const name = raw.trim();
    // eslint-disable-next-line no-control-regex
    if (name === '' || name.length > 100 || /[\u0000-\u001f<>]/.test(name)) throw new CodedError('VALIDATION_FAILED', 219, 'Invalid service name: use 1 to 100 characters, without < or >.');
    const other = await repo.findByName(accountId, name);
    if (other && other.id !== exceptId) throw new CodedError('CONFLICT', 215, `A service named "${name}" already exists.`);
    return name;
  }

  /** `Service N`, the next number not used yet. */
  private async defaultName(repo: ServicesRepo, accountId: number): Promise<string> {
    const used = new Set(await repo.allNames(accountId));
    let i = (await repo.countAll(accountId)) + 1;
    while (used.has(`service ${i}`)) i++;
    return `Service ${i}`;
  }

  private async write(repo: ServicesRepo, accountId: number, s: ServiceState) {
    if (s.databaseId !== null && !(await repo.databaseExists(accountId, s.databaseId))) throw new CodedError('NOT_FOUND', 204, `Database ${s.databaseId} does not exist.`);
    return { name: s.name, validation_method: s.validationMethod, database_id: s.databaseId, postback_url: s.postbackUrl, description: s.description, duplicate_value: s.duplicateValue ? 1 : 0, settings: JSON.stringify(s.settings) };
  }

  /** Creates a service from legacy variables; answers its id. */
  async create(accountId: number, vars: Vars): Promise<number> {
    const s = applyVariables(null, vars, { resetSymbologies: true });
    return this.repo.transaction(async (repo) => {
      const rawName = vars('service_name');
      s.name = rawName === undefined || rawName.trim() === '' ? await this.defaultName(repo, accountId) : await this.checkName(repo, accountId, rawName);
      return repo.insert(accountId, await this.write(repo, accountId, s));
    });
  }

  /** Updates a service; variables left out stay (symbologies reset on the legacy update). */
  async update(accountId: number, id: number, vars: Vars, opts: { resetSymbologies: boolean }): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const [row] = await new ServicesService(repo, this.deps).resolve(accountId, [id]);
      const s = applyVariables(state(row!), vars, opts);
      const rawName = vars('service_name');
      if (rawName !== undefined) s.name = await this.checkName(repo, accountId, rawName, id);
      await repo.update(accountId, id, await this.write(repo, accountId, s));
    });
  }

  /** Soft delete: scans keep pointing at the service. */
  async delete(accountId: number, ids: number[] | 'all'): Promise<void> {
    const rows = await this.resolve(accountId, ids);
    await this.repo.softDelete(accountId, rows.map((r) => r.id));
  }

  private async users(repo: ServicesRepo, accountId: number, ids: number[] | 'all'): Promise<number[]> {
    const found = await repo.liveUserIds(accountId, ids);
    const missing = ids === 'all' ? undefined : ids.find((id) => !found.includes(id));
    if (missing !== undefined) throw new CodedError('NOT_FOUND', 201, `User ${missing} does not exist.`);
    return found;
  }

  private async questionIds(repo: ServicesRepo, accountId: number, ids: number[] | 'all'): Promise<number[]> {
    const found = await repo.questionIds(accountId, ids);
    const missing = ids === 'all' ? undefined : ids.find((id) => !found.includes(id));
    if (missing !== undefined) throw new CodedError('NOT_FOUND', 202, `Question ${missing} does not exist.`);
    return found;
  }

  /** Lets app users use services (every pair of the two lists). */
  async addUserPermission(accountId: number, serviceIds: number[] | 'all', userIds: number[] | 'all'): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const services = await new ServicesService(repo, this.deps).resolve(accountId, serviceIds);
      const users = await this.users(repo, accountId, userIds);
      await repo.addUsers(accountId, services.flatMap((s) => users.map((u) => ({ service_id: s.id, app_user_id: u }))));
    });
  }

  async revokeUserPermission(accountId: number, serviceIds: number[] | 'all', userIds: number[] | 'all'): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const services = await new ServicesService(repo, this.deps).resolve(accountId, serviceIds);
      await repo.removeUsers(accountId, services.map((s) => s.id), await this.users(repo, accountId, userIds));
    });
  }

  /** Attaches questions with a condition; those listed in `required` must be answered. */
  async addQuestions(accountId: number, serviceIds: number[] | 'all', questionIds: number[] | 'all', condition: QuestionCondition, required: number[] | 'all'): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const services = await new ServicesService(repo, this.deps).resolve(accountId, serviceIds);
      const questions = await this.questionIds(repo, accountId, questionIds);
      for (const s of services) for (const q of questions) await repo.upsertQuestion(accountId, s.id, q, condition, required === 'all' || required.includes(q));
    });
  }

  async removeQuestions(accountId: number, serviceIds: number[] | 'all', questionIds: number[] | 'all'): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const services = await new ServicesService(repo, this.deps).resolve(accountId, serviceIds);
      await repo.removeQuestions(accountId, services.map((s) => s.id), await this.questionIds(repo, accountId, questionIds));
    });
  }

  /** Replaces the permitted users (V2). */
  async setUsers(accountId: number, id: number, userIds: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      await new ServicesService(repo, this.deps).resolve(accountId, [id]);
      await repo.setUsers(accountId, id, await this.users(repo, accountId, [...new Set(userIds)]));
    });
  }

  /** Replaces the questions in order (V2). */
  async setQuestions(accountId: number, id: number, questions: { id: number; condition: QuestionCondition; required: boolean }[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      await new ServicesService(repo, this.deps).resolve(accountId, [id]);
      await this.questionIds(repo, accountId, questions.map((q) => q.id));
      await repo.clearQuestions(accountId, id);
      for (const q of questions) await repo.upsertQuestion(accountId, id, q.id, q.condition, q.required);
    });
  }

  /** A ready-made demo: a ticket database with 25 values, two questions and a validating service. */
  async createDemo(accountId: number): Promise<number> {
    const { databases, questions } = this.deps;
    let name = 'Demo tickets';
    for (let i = 2; await databases.repo.findByName(accountId, name); i++) name = `Demo tickets ${i}`;
    const db = await databases.create(accountId, { name, caseSensitive: false });
    await databases.autofill(accountId, db.id, { count: 25, mode: 'sequential', prefix: 'DEMO-', length: 4, start: 1, response: 'Welcome! Ticket SCAN_VALUE is valid.', validity: 1 });
    const seat = await questions.create(accountId, { text: 'Which entrance?', type: 'option', answers: ['North gate', 'South gate'] });
    const note = await questions.create(accountId, { text: 'Notes', type: 'manual' });
    const id = await this.create(accountId, (n) => ({ validation_method: 'database', database_id: String(db.id), service_name: `${name} check-in`, duplicate_value: '0' })[n]);
    await this.setQuestions(accountId, id, [{ id: seat, condition: 'pre_submit', required: true }, { id: note, condition: 'post_submit', required: false }]);
    return id;
  }
}
