import type { ScanDetail, ScanEdit } from '@scanbase/contracts';
import type { Session } from '../../platform/auth/session.js';
import type { EventBus } from '../../platform/bus/event-bus.js';
import { nowIso } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/errors.js';
import type { ScanSearchService } from './scan-search.service.js';
import { statusWord } from './validation-rules.js';
import type { NewAnswer, ScansRepo } from './scans.repo.js';
import { noWebhookEvents, type WebhookEvents } from '../webhooks/webhook-events.js';

type Edit = { id: number; value?: string | undefined; status?: number | undefined; response?: string | undefined; answers?: { questionId: number; values: string[] }[] | undefined; properties?: Record<string, string | null> | undefined };


/** Administrators correcting scans: every change moves the modified time and is kept in the scan's history. */
export class ScanEditService {
  constructor(private readonly deps: { repo: ScansRepo; search: ScanSearchService; bus: EventBus; editorName: (session: Session) => Promise<string>; events?: WebhookEvents }) {}

  private get events(): WebhookEvents {
    return this.deps.events ?? noWebhookEvents;
  }

  /** One scan with answers, properties and history. */
  async get(accountId: number, id: number): Promise<ScanDetail & { history: ScanEdit[] }> {
    const { rows } = await this.deps.repo.search(accountId, { scanIds: [id], includeDeletedServices: true, includeDeletedUsers: true }, [], { limit: 1, offset: 0 }, false);
    if (!rows[0]) throw new AppError('NOT_FOUND', `Scan ${id} does not exist.`);
    const [detail] = await this.deps.search.details(accountId, rows);
    const history = (await this.deps.repo.editsOf(accountId, id)).map((e) => ({ id: e.id, at: e.at, editor: e.editor, changes: JSON.parse(e.changes) as ScanEdit['changes'] }));
    return { ...detail!, history };
  }

  async update(session: Session, edit: Edit): Promise<ScanDetail & { history: ScanEdit[] }> {
    const accountId = session.accountId;
    const scan = await this.deps.repo.get(accountId, edit.id);
    if (!scan) throw new AppError('NOT_FOUND', `Scan ${edit.id} does not exist.`);
    const changes: { field: string; from: string; to: string }[] = [];
    const fields: { value?: string; status?: number; response?: string } = {};
    if (edit.value !== undefined && edit.value.trim() !== scan.value) {
      fields.value = edit.value.trim();
      changes.push({ field: 'Value', from: scan.value, to: fields.value });
    }
    if (edit.status !== undefined && edit.status !== scan.status) {
      fields.status = edit.status;
      changes.push({ field: 'Status', from: statusWord(scan.status), to: statusWord(edit.status) });
    }
    if (edit.response !== undefined && edit.response !== scan.response) {
      fields.response = edit.response;
      changes.push({ field: 'Response', from: scan.response, to: edit.response });
    }

    const [questions, current, props] = await Promise.all([this.deps.repo.serviceQuestions(accountId, scan.service_id), this.deps.repo.answersOf(accountId, [scan.id]), this.deps.repo.propertiesOf(accountId, [scan.id])]);
    const answers = new Map<number, NewAnswer[]>();
    for (const [index, a] of (edit.answers ?? []).entries()) {
      const q = questions.find((x) => x.question_id === a.questionId);
      const old = current.filter((c) => c.question_id === a.questionId);
      const text = q?.text ?? old[0]?.question_text;
      if (text === undefined) throw new AppError('VALIDATION_FAILED', `Question ${a.questionId} is not asked by this scan's service.`, [{ path: `answers.${index}`, message: 'Unknown question' }]);
      if (old.some((o) => o.file_key !== null) || q?.type === 'dropboximage' || q?.type === 'datasignature') throw new AppError('VALIDATION_FAILED', `"${text}" holds a photo or signature, which cannot be edited here.`, [{ path: `answers.${index}`, message: 'Photos and signatures cannot be edited' }]);
      const values = a.values.map((v) => v.trim()).filter((v) => v !== '');
      const before = old.map((o) => o.answer).join('|^|');
      const after = values.join('|^|');
      if (before === after) continue;
      answers.set(a.questionId, values.map((answer, position) => ({ questionId: a.questionId, questionText: text, position, answer, fileKey: null })));
      changes.push({ field: `Answer: ${text}`, from: before, to: after });
    }
    const properties: [string, string | null][] = [];
    for (const [name, value] of Object.entries(edit.properties ?? {})) {
      const before = props.find((p) => p.name === name)?.value;
      if ((value ?? undefined) === before) continue;
      properties.push([name, value]);
      changes.push({ field: `Property: ${name}`, from: before ?? '', to: value ?? '' });
    }
    if (changes.length > 0) {
      const editor = await this.deps.editorName(session);
      await this.deps.repo.transaction((r) => r.applyEdit(accountId, scan.id, { fields, answers, properties, at: nowIso(), editor, changes }));
      await this.deps.bus.publish({ accountId, topic: 'scan', id: scan.id });
      await this.events.emit(accountId, [
        {
          type: 'scan.updated',
          serviceId: scan.service_id,
          data: { id: scan.id, serviceId: scan.service_id, value: fields.value ?? scan.value, status: fields.status ?? scan.status, response: fields.response ?? scan.response, changes },
        },
      ]);
    }
    return this.get(accountId, scan.id);
  }

  /** Deletes scans, all or nothing: a list naming a scan that does not exist deletes none. */
  async delete(accountId: number, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const { rows } = await this.deps.repo.search(accountId, { scanIds: unique, includeDeletedServices: true, includeDeletedUsers: true }, [], { limit: unique.length, offset: 0 }, false);
    const missing = unique.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw new AppError('NOT_FOUND', `Scan ${missing} does not exist; nothing was deleted.`);
    const deleted = await this.deps.repo.transaction((r) => r.deleteScans(accountId, unique));
    await this.deps.bus.publish({ accountId, topic: 'scan' });
    await this.events.emit(
      accountId,
      rows.map((r) => ({ type: 'scan.deleted' as const, serviceId: r.service_id, data: { id: r.id, serviceId: r.service_id, value: r.value, scannedAt: r.scanned_at } })),
    );
    return deleted;
  }
}
