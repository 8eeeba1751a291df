import type { ScanResult, ScanRow, ScanStatus, ServiceSettings } from '@scanbase/contracts';
import type { AppSession } from '../../platform/auth/session.js';
import type { EventBus } from '../../platform/bus/event-bus.js';
import { isUniqueViolation, nowIso } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/errors.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { sharedStoredSettings } from '../services/service-settings.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Postbacks } from './postback.js';
import { UPLOAD_EMAIL_JOB } from './upload-email.js';
import { followUpQuestions, missingRequired, prepareAnswers } from './scan-answers.js';
import type { CaptureRead, CaptureServiceRow, NewScan, ScanListRow, ScanRecord, ScansRepo, ServiceQuestionInfo } from './scans.repo.js';
import type { ScanWriter } from './scan-writer.js';
import { gs1Properties } from '@scanbase/contracts/gs1-properties';
import { runtimeType } from '../specialized/specialized-runtime.js';
import type { TypeVerdict } from '../specialized/specialized-type.js';
import type { RecordedEvents, WebhookEvent, WebhookEvents } from '../webhooks/webhook-events.js';
import { describePeriod, fillVariables, isActive, limitWindowStart, localParts, responseKind, rewrite } from './validation-rules.js';

/** The caller of the scanner API. */
export type Scanner = AppSession;

/** One scan as submitted (online) or uploaded (with the device's own judgement, on on-device services). */
export type CaptureInput = {
  serviceId: number;
  value: string;
  clientScanId: string;
  scannedAt?: string | undefined;
  answers: { questionId: number; values: string[]; image?: string | undefined }[];
  properties: Record<string, string>;
  status?: ScanStatus | undefined;
  response?: string | undefined;
};

type Mode = { kind: 'online' } | { kind: 'upload'; uploadFor: () => Promise<number> };
type Verdict = { status: ScanStatus; response: string; dbValueId: number | null; duplicate: boolean };
type Judged = Verdict & Pick<TypeVerdict, 'properties' | 'afterInsert' | 'topics'>;

const PRE_CONDITIONS = ['shared_submit', 'pre_submit'] as const;

function scannedAtOf(input: CaptureInput, receivedAt: string, index: number | null): string {
  if (input.scannedAt === undefined) return receivedAt;
  const t = new Date(input.scannedAt);
  if (Number.isNaN(t.getTime())) {
    const path = index === null ? 'scannedAt' : `scans.${index}.scannedAt`;
    throw new AppError('VALIDATION_FAILED', 'scannedAt is not a valid date and time.', [{ path, message: 'Use an ISO-8601 date and time' }]);
  }
  return t.toISOString();
}

/** Judges, stores and announces scans: the validation engine of issue 6. */
export class ScanCaptureService {
  constructor(private readonly deps: { repo: ScansRepo; writer: ScanWriter; storage: BlobStorage; bus: EventBus; postbacks: Postbacks; queue: JobQueue; events: WebhookEvents }) {}

  /** One online scan: judged now; a retry with the same client scan id answers the stored result. */
  async scan(caller: Scanner, input: CaptureInput): Promise<ScanResult> {
    return this.capture(caller, input, { kind: 'online' }, null);
  }

  /** A batch taken offline: one upload per service, each scan judged or taken as the device judged it. */
  async upload(caller: Scanner, scans: CaptureInput[]): Promise<{ uploadId: number; results: ScanResult[] }> {
    const uploads = new Map<number, number>();
    const mailed: { uploadId: number; serviceId: number }[] = [];
    const results: ScanResult[] = [];
    for (const [index, input] of scans.entries()) {
      const read = await this.deps.repo.captureRead(caller.accountId, input.serviceId, caller.appUserId, input.clientScanId);
      if (!read) throw new AppError('VALIDATION_FAILED', `Service ${input.serviceId} does not exist.`, [{ path: `scans.${index}.serviceId`, message: 'Unknown service' }]);
      const { service } = read;
      // One upload per service, made when its first new scan is stored (a batch sent again makes none).
      const uploadFor = async () => {
        let id = uploads.get(service.id);
        if (id === undefined) {
          id = await this.deps.repo.insertUpload(caller.accountId, { serviceId: service.id, appUserId: caller.appUserId, deviceId: caller.deviceId, createdAt: nowIso() });
          uploads.set(service.id, id);
          if (sharedStoredSettings(service.settings).uploadEmail !== '') mailed.push({ uploadId: id, serviceId: service.id });
        }
        return id;
      };
      results.push(await this.capture(caller, input, { kind: 'upload', uploadFor }, index, read));
    }
    for (const id of uploads.values()) await this.deps.repo.refreshUploadCount(caller.accountId, id);
    const stored = (serviceId: number) => results.filter((r, i) => !r.replayed && scans[i]!.serviceId === serviceId).length;
    await this.deps.events.emit(
      caller.accountId,
      [...uploads].map(([serviceId, id]) => ({ type: 'upload.completed' as const, serviceId, data: { id, serviceId, appUserId: caller.appUserId, deviceId: caller.deviceId, scanCount: stored(serviceId) } })),
    );
    for (const m of mailed) await this.deps.queue.enqueue(UPLOAD_EMAIL_JOB, m, { accountId: caller.accountId, maxAttempts: 5 });
    const first = [...uploads.values()][0] ?? (await this.deps.repo.findByClientId(caller.accountId, scans[0]!.clientScanId))?.upload_id;
    if (first === undefined || first === null) throw new AppError('CONFLICT', 'These scans were stored before, outside an upload.');
    return { uploadId: first, results };
  }

  private replay(record: ScanRecord, questions: ServiceQuestionInfo[]): ScanResult {
    const shown = responseKind(record.response);
    return { clientScanId: record.client_scan_id ?? '', scanId: record.id, status: record.status as ScanStatus, text: shown.text, textKind: shown.kind, duplicate: false, followUpQuestionIds: followUpQuestions(questions, record.status), replayed: true };
  }

  private async capture(caller: Scanner, input: CaptureInput, mode: Mode, index: number | null, known?: CaptureRead): Promise<ScanResult> {
    const { repo } = this.deps;
    const accountId = caller.accountId;
    const online = mode.kind === 'online';
    // Uploads read the service already (to name a bad one); online scans read it here, with its questions and any earlier scan of this client scan id.
    const read = known ?? (await repo.captureRead(accountId, input.serviceId, caller.appUserId, input.clientScanId));
    if (!read) throw new AppError('NOT_FOUND', `Service ${input.serviceId} does not exist.`);
    const { service, questions } = read;

    const earlier = read.earlierScanId === null ? undefined : await repo.get(accountId, read.earlierScanId);
    if (earlier) return this.replay(earlier, questions);

    if (online && service.deleted_at !== null) throw new AppError('CONFLICT', 'This service was deleted. Pick another service.');
    if (online && service.permitted !== 1) throw new AppError('FORBIDDEN', 'You may not scan with this service. Ask an administrator to add you to it.');
    if (service.validation_method === 'webview') throw new AppError('VALIDATION_FAILED', 'This service shows web content; it does not take scans.');

    const settings = sharedStoredSettings(service.settings);
    const receivedAt = nowIso();
    const scannedAt = scannedAtOf(input, receivedAt, index);
    const value = rewrite(input.value.trim(), settings.regexScanPattern, settings.regexScanReplacement).slice(0, 4_000);
    if (value === '') throw new AppError('VALIDATION_FAILED', 'The scanned value is empty.', [{ path: index === null ? 'value' : `scans.${index}.value`, message: 'Scan or type a value' }]);

    const choiceIds = questions.filter((q) => ['option', 'dropdown', 'checkbox'].includes(q.type)).map((q) => q.question_id);
    const choices = input.answers.some((a) => choiceIds.includes(a.questionId)) ? await repo.answerChoices(accountId, choiceIds) : [];
    const answers = await prepareAnswers(accountId, input.answers, questions, choices, this.deps.storage, online);
    if (online) {
      const missing = missingRequired(questions, answers, PRE_CONDITIONS);
      if (missing.length > 0) throw new AppError('VALIDATION_FAILED', `Answer first: ${missing.map((q) => `"${q.text}"`).join(', ')}.`, missing.map((q) => ({ path: `answers.${q.question_id}`, message: 'Required' })));
    }

    // GS1 values (GS1-128, parentheses form, SSCC, Digital Link) add their `gs1_<AI>` properties; a cheap
    // character test skips the parser for every other value, and a value it cannot parse adds nothing.
    const gs1 = gs1Properties(value);
    const given = Object.entries(input.properties).filter(([name]) => name.trim() !== '');
    const sent = gs1 ? [...given.filter(([name]) => !Object.hasOwn(gs1, name)), ...Object.entries(gs1)] : given;
    const uploadId = mode.kind === 'upload' ? await mode.uploadFor() : null;
    const typed = runtimeType(service.specialized_type, service.type_settings);
    // The scan.created event as its subscribers receive it (status and response are final once any postback answered).
    const scanCreated = (scanId: number, status: ScanStatus, response: string, outcome: Judged['properties']): WebhookEvent => ({
      type: 'scan.created',
      serviceId: service.id,
      data: {
        id: scanId, serviceId: service.id, value, status, response, appUserId: caller.appUserId, deviceId: caller.deviceId, uploadId, clientScanId: input.clientScanId, scannedAt, receivedAt,
        answers: input.answers.map((a) => ({ questionId: a.questionId, values: a.values })), properties: { ...Object.fromEntries(sent), ...outcome },
      },
    });
    let done: readonly [Judged, number, RecordedEvents | null] | undefined;
    try {
      // Judged and stored in one transaction (shared with the scans arriving at the same moment, judged in
      // turn): duplicate and limit checks see every scan stored before, those of the same batch included.
      done = await this.deps.writer.store(async (r) => {
        const base = await this.judge(r, service, settings, caller, input, value, scannedAt);
        // A specialized service's type judges after the base method, in the same transaction (its state moves with the scan).
        const v: Judged = typed?.def.judge
          ? await typed.def.judge({ db: r.handle(), dialect: r.dialect, accountId, service, settings: typed.settings, caller, value, scannedAt, timeZone: service.timezone ?? 'UTC', properties: input.properties, answers, online, base })
          : base;
        const properties = v.properties ? [...sent.filter(([name]) => !Object.hasOwn(v.properties!, name)), ...Object.entries(v.properties)] : sent;
        const scan: NewScan = {
          serviceId: service.id, appUserId: caller.appUserId, deviceId: caller.deviceId, uploadId,
          value, response: v.response, status: v.status, dbValueId: v.dbValueId, clientScanId: input.clientScanId, scannedAt, receivedAt, answers, properties,
        };
        const id = await r.insert(accountId, scan);
        if (id === undefined) return undefined;
        await v.afterInsert?.(id);
        // Its webhook deliveries commit with it (an outbox: no commit of their own); a postback service's verdict is
        // only final after this transaction, so its event is emitted then (null).
        const asksPostback = service.validation_method === 'postback' && v.status === -1;
        const recorded = asksPostback ? null : await this.deps.events.record(r.handle(), accountId, [scanCreated(id, v.status, v.response, v.properties)]);
        return [v, id, recorded] as const;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    if (!done) {
      // The same client scan id arrived twice at once: the other request stored it.
      const stored = await repo.findByClientId(accountId, input.clientScanId);
      if (stored) return this.replay(stored, questions);
      throw new AppError('CONFLICT', 'This scan could not be stored. Please send it again.');
    }
    const [verdict, scanId, recorded] = done;

    let { status, response } = verdict;
    if (service.validation_method === 'postback' && verdict.status === -1) {
      ({ status, response } = await this.askPostback(accountId, scanId, service.postback_url, settings));
    } else if (service.postback_url !== '' && (settings.postbackReceiverOnly || (online ? settings.postbackRealTimeScans : settings.postbackUploadedScans))) {
      await this.deps.postbacks.forward(accountId, scanId, service.postback_url);
    }
    await this.deps.bus.publish([{ accountId, topic: 'scan', id: scanId }, ...(verdict.topics ?? []).map((topic) => ({ accountId, topic, id: service.id }))]);
    // Costs a cached map lookup when the account has no subscription (the ingest path is benchmarked).
    if (recorded === null) await this.deps.events.emit(accountId, [scanCreated(scanId, status, response, verdict.properties)]);
    else await this.deps.events.committed(accountId, recorded);
    const shown = responseKind(response);
    const result: ScanResult = { clientScanId: input.clientScanId, scanId, status, text: shown.text, textKind: shown.kind, duplicate: verdict.duplicate, followUpQuestionIds: followUpQuestions(questions, status), replayed: false };
    if (verdict.properties) result.outcome = verdict.properties;
    return result;
  }

  /** A postback service: the customer's server decides; when it cannot be reached the scan is invalid for now and tried again. */
  private async askPostback(accountId: number, scanId: number, url: string, settings: ServiceSettings): Promise<{ status: ScanStatus; response: string }> {
    const verdict = await this.deps.postbacks.validate(accountId, scanId, url);
    let status: ScanStatus;
    let response: string;
    if ('failure' in verdict) {
      status = 0;
      response = `Could not get an answer from the validation server: ${verdict.failure}${verdict.permanent ? '' : ' The scan is saved and will be sent again.'}`;
      if (!verdict.permanent) await this.deps.postbacks.retryLater(accountId, scanId, url);
    } else {
      status = verdict.status;
      response = rewrite(verdict.text, settings.regexResponsePattern, settings.regexResponseReplacement);
    }
    await this.deps.repo.setResult(accountId, scanId, status, response, nowIso());
    return { status, response };
  }

  /** The validation methods (except postback, decided after the scan is stored so its id can be sent). */
  private async judge(repo: ScansRepo, service: CaptureServiceRow, settings: ServiceSettings, caller: Scanner, input: CaptureInput, value: string, scannedAt: string): Promise<Verdict> {
    const method = service.validation_method;
    const onDevice = method === 'ondevicerecord' || method === 'ondevicedatabase';
    const respond = (text: string) => rewrite(text, settings.regexResponsePattern, settings.regexResponseReplacement);
    if (onDevice && input.status !== undefined) return { status: input.status, response: input.response ?? '', dbValueId: null, duplicate: false };
    const timeZone = service.timezone ?? 'UTC';
    const at = new Date(scannedAt);
    if (!isActive(settings, at, timeZone)) return { status: 0, response: respond(`This service is not active now (it runs ${describePeriod(settings)}).`), dbValueId: null, duplicate: false };
    if (method === 'ondevicerecord') return { status: -1, response: '', dbValueId: null, duplicate: false };
    if (method === 'record' || method === 'postback') return this.limited(repo, caller.accountId, service, settings, value, at, { status: method === 'postback' ? -1 : 1, response: '', dbValueId: null, duplicate: false }, respond);

    // database and ondevicedatabase (an upload the device did not judge)
    if (service.database_id === null || service.case_sensitive === null) return { status: 0, response: respond('This service has no database to validate against.'), dbValueId: null, duplicate: false };
    const key = service.case_sensitive === 1 ? value : value.toLowerCase();
    const perDevice = method === 'ondevicedatabase' && service.duplicate_value === 1 && !settings.deviceDuplicateValue;
    const found = await repo.findDbValue(caller.accountId, service.database_id, key, service.duplicate_value === 0 || perDevice || settings.conditionalLimit !== null);
    const vars = { scanValue: value, userName: caller.username, userId: caller.appUserId, serviceId: service.id };
    if (!found) return { status: 0, response: respond('Not found in the database.'), dbValueId: null, duplicate: false };
    const text = fillVariables(found.response, vars);
    if (found.validity !== 1) return { status: 0, response: respond(text), dbValueId: found.id, duplicate: false };
    // Duplicates: per service when duplicate_value=0; per device when only device_duplicate_value=0 (on-device services).
    if (service.duplicate_value === 0 || perDevice) {
      const first = await repo.firstValidScan(service.id, found.id, perDevice ? caller.deviceId : undefined);
      if (first) {
        const when = localParts(new Date(first.scanned_at), timeZone);
        const who = first.user_name ? ` by ${first.user_name}` : '';
        return { status: 0, response: respond(`Duplicate scan: first scanned ${when.date} ${when.time.slice(0, 5)}${who}.`), dbValueId: found.id, duplicate: true };
      }
    }
    return this.limited(repo, caller.accountId, service, settings, value, at, { status: 1, response: text, dbValueId: found.id, duplicate: false }, respond);
  }

  /** Conditional validation: a valid scan beyond the allowed number per window becomes invalid. */
  private async limited(repo: ScansRepo, accountId: number, service: CaptureServiceRow, settings: ServiceSettings, value: string, at: Date, verdict: Verdict, respond: (t: string) => string): Promise<Verdict> {
    const limit = settings.conditionalLimit;
    if (!limit || verdict.status !== 1) return { ...verdict, response: respond(verdict.response) };
    const count = await repo.countValid(accountId, service.id, value, limitWindowStart(limit.window, at));
    if (count < limit.maxScans) return { ...verdict, response: respond(verdict.response) };
    const per = limit.window === 'ever' ? 'in total' : `per ${limit.window}`;
    return { status: 0, response: respond(`Limit reached: ${limit.maxScans} scan${limit.maxScans === 1 ? '' : 's'} of this value ${per}.`), dbValueId: verdict.dbValueId, duplicate: false };
  }

  /** Answers given after the result (post_submit, valid_scan, invalid_scan) on one of the caller's scans. */
  async addAnswers(caller: Scanner, scanId: number, input: CaptureInput['answers']): Promise<void> {
    const scan = await this.deps.repo.get(caller.accountId, scanId);
    if (!scan || scan.app_user_id !== caller.appUserId) throw new AppError('NOT_FOUND', `Scan ${scanId} does not exist.`);
    const questions = await this.deps.repo.serviceQuestions(caller.accountId, scan.service_id);
    const choices = await this.deps.repo.answerChoices(caller.accountId, questions.map((q) => q.question_id));
    const answers = await prepareAnswers(caller.accountId, input, questions, choices, this.deps.storage, true);
    if (answers.length === 0) return;
    await this.deps.repo.transaction((r) => r.replaceAnswers(caller.accountId, scanId, answers, nowIso()));
    await this.deps.bus.publish({ accountId: caller.accountId, topic: 'scan', id: scanId });
  }

  /** The newest scans for the live dashboard, with counts of the last 24 hours. */
  async recent(accountId: number, q: { limit: number; serviceId?: number | undefined; afterId?: number | undefined }): Promise<{ items: ScanRow[]; counts: { last24Hours: number; valid: number; invalid: number; notValidated: number } }> {
    const [rows, counts] = await Promise.all([this.deps.repo.recent(accountId, q), this.deps.repo.countsSince(accountId, new Date(Date.now() - 86_400_000).toISOString(), q.serviceId)]);
    const n = (status: number) => counts.find((c) => c.status === status)?.n ?? 0;
    return { items: rows.map(toScanRow), counts: { last24Hours: n(1) + n(0) + n(-1), valid: n(1), invalid: n(0), notValidated: n(-1) } };
  }
}

/** A joined scan row as the V2 contract shows it. */
export function toScanRow(r: ScanListRow): ScanRow {
  return {
    id: r.id, value: r.value, response: r.response, status: r.status as ScanStatus,
    service: { id: r.service_id, name: r.service_name, deleted: r.service_deleted_at !== null },
    user: r.app_user_id === null ? null : { id: r.app_user_id, name: r.user_name ?? '', deleted: r.user_deleted_at !== null },
    device: r.device_id === null ? null : { id: r.device_id, name: r.device_name ?? '' },
    uploadId: r.upload_id, scannedAt: r.scanned_at, receivedAt: r.received_at, modifiedAt: r.modified_at,
  };
}
