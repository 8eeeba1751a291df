import { LOGISTICS_RECIPIENT_MAX, logisticsSettings, type LogisticsSettings } from '@scanbase/contracts';
import { gs1Properties } from '@scanbase/contracts/gs1-properties';
import { nowIso } from '../../../platform/db/dialect.js';
import { LogisticsRepo, type PackageRow } from '../logistics/logistics.repo.js';
import { defineSpecializedType, type TypeJudgeContext, type TypeVerdict } from '../specialized-type.js';
import { shortTime } from './check-in-out.js';

/** The live topic published on every scan of a logistics instance (id: the instance id). */
export const LOGISTICS_TOPIC = 'logistics';

/** The questions a new instance gets for the proof of delivery (asked by the scanner at the final stage only). */
export const PROOF_QUESTIONS = [
  { text: 'Photo of the delivery', type: 'dropboximage' },
  { text: "Recipient's signature", type: 'datasignature' },
] as const;

/** A package is kept under its SSCC (GS1 AI 00) when its label carries one, otherwise under the scanned value. */
export function packageKey(value: string): string {
  return gs1Properties(value)?.gs1_00 ?? value;
}

/** The latitude and longitude of a `gps_location` property ("lat,lng[,accuracy]"), or null. */
export function parseGps(raw: string | undefined): { latitude: number; longitude: number } | null {
  if (!raw) return null;
  const [lat, lng] = raw.split(',').map((p) => Number(p.trim()));
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}

function list(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function where(row: PackageRow, ctx: TypeJudgeContext<LogisticsSettings>, now: Date): string {
  return `"${row.stage}" since ${shortTime(row.since, now, ctx.timeZone)}${row.by ? ` by ${row.by}` : ''}`;
}

/**
 * Logistics (issue 14): each scan moves a package to the stage the scanner names (property `stage`),
 * forward only; the final stage needs a photo, a signature and the recipient's name. The package's row is
 * locked in the scan's transaction, so two scans of one package at once are judged one after the other.
 */
export const logisticsType = defineSpecializedType<LogisticsSettings>({
  type: 'logistics',
  settings: logisticsSettings,
  database: 'none',
  serviceVariables: (): Record<string, string> => ({ validation_method: 'record', duplicate_value: '1', enableGPS: '1' }),
  scannerOptions: (s) => ({ logistics: { stages: s.stages.map((x) => x.name) } }),
  async afterCreate(ctx) {
    const at = nowIso();
    for (const [position, q] of PROOF_QUESTIONS.entries()) {
      const made = await ctx.db.insertInto('questions').values({ account_id: ctx.accountId, text: q.text, type: q.type, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      await ctx.db.insertInto('service_questions').values({ account_id: ctx.accountId, service_id: ctx.instanceId, question_id: made.id, position, condition: 'pre_submit', required: 0 }).execute();
    }
  },
  async judge(ctx): Promise<TypeVerdict> {
    const { settings } = ctx;
    const stages = settings.stages;
    const names = list(stages.map((s) => `"${s.name}"`));
    const sent = (ctx.properties.stage ?? '').trim();
    const index = stages.findIndex((s) => s.name.toLowerCase() === sent.toLowerCase());
    const key = packageKey(ctx.value);
    const properties: Record<string, string> = { package: key };
    if (index >= 0) properties.stage = stages[index]!.name;
    const topics = [LOGISTICS_TOPIC];
    if (ctx.base.status !== 1) return { ...ctx.base, properties, topics };
    const refuse = (response: string): TypeVerdict => ({ ...ctx.base, status: 0, response, properties, topics });
    if (sent === '') return refuse(`Choose a stage: this service follows packages through ${names}, so pick the stage before scanning (the scan had no stage).`);
    if (index < 0) return refuse(`Unknown stage "${sent.slice(0, 60)}": this service's stages are ${names}.`);

    const stage = stages[index]!.name;
    const repo = new LogisticsRepo(ctx.db, ctx.dialect);
    const row = await repo.lock(ctx.accountId, ctx.service.id, key, ctx.scannedAt);
    const now = new Date();
    if (row?.byAppUserId != null) row.by = await repo.username(ctx.accountId, row.byAppUserId);
    const current = row ? stages.findIndex((s) => s.name === row.stage) : -1;
    if (row?.final) return refuse(`Already delivered: this package is at ${where(row, ctx, now)}.`);
    if (row && current === index) return refuse(`Already at ${where(row, ctx, now)}.`);
    if (row && current > index) return refuse(`Stages only move forward: this package is at ${where(row, ctx, now)}, after "${stage}".`);

    const final = index === stages.length - 1;
    if (final) {
      const recipient = (ctx.properties.recipient ?? '').trim().slice(0, LOGISTICS_RECIPIENT_MAX);
      const missing: string[] = [];
      if (!ctx.answers.some((a) => a.fileKey !== null && a.answer.startsWith('photo-'))) missing.push('a photo');
      if (!ctx.answers.some((a) => a.fileKey !== null && a.answer.startsWith('signature-'))) missing.push("the recipient's signature");
      if (recipient === '') missing.push("the recipient's name");
      if (missing.length > 0) return refuse(`"${stage}" refused: the final stage needs a photo, the recipient's signature and name (missing ${list(missing)}).`);
      properties.recipient = recipient;
    }
    const gps = parseGps(ctx.properties.gps_location);
    const was = row ? ` Was at ${where(row, ctx, now)}.` : '';
    const received = final ? `, received by ${properties.recipient}` : '';
    return {
      ...ctx.base,
      status: 1,
      response: `${stage}${received} (stage ${index + 1} of ${stages.length}).${was}`,
      properties,
      topics,
      afterInsert: async (scanId) => {
        await repo.move(ctx.accountId, ctx.service.id, key, { stage, final, since: ctx.scannedAt, latitude: gps?.latitude ?? null, longitude: gps?.longitude ?? null, appUserId: ctx.caller.appUserId, scanId });
      },
    };
  },
});
