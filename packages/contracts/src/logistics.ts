import { z } from 'zod';
import { id, listQuery, listReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

// Logistics (issue 14): packages move through stages the admin names (picked up, at depot, out for
// delivery, delivered). An instance is a service with the type `logistics`; each scan names its stage in
// the scan property `stage`; the final stage also needs a photo answer, a signature answer and the
// property `recipient`. A package's current stage is kept in the type's own table (migration 0027).
// See docs/SPECIALIZED-LOGISTICS.md.

/** Longest stage name (characters). */
export const LOGISTICS_STAGE_MAX = 60;
/** Longest recipient name kept (characters). */
export const LOGISTICS_RECIPIENT_MAX = 200;

const hours = z.number().int('Whole hours').min(1, 'At least 1 hour').max(8_760, 'At most 8760 hours (a year)');

export const logisticsStage = z.object({
  name: z.string().trim().min(1, 'Name the stage').max(LOGISTICS_STAGE_MAX, `At most ${LOGISTICS_STAGE_MAX} characters`),
  /** A package still at this stage after this many hours is late (null: the instance's `lateAfterHours`). */
  lateAfterHours: hours.nullable().default(null),
});
export type LogisticsStage = z.infer<typeof logisticsStage>;

export const defaultLogisticsStages: LogisticsStage[] = [
  { name: 'Picked up', lateAfterHours: null },
  { name: 'At depot', lateAfterHours: null },
  { name: 'Out for delivery', lateAfterHours: 12 },
  { name: 'Delivered', lateAfterHours: null },
];

/** The type settings of a logistics instance (`specialized/create|update` `settings`), with defaults. */
export const logisticsSettings = z
  .object({
    /** In order; the last one is the final stage (delivery: photo, signature and recipient required). */
    stages: z.array(logisticsStage).min(2, 'At least two stages').max(20, 'At most 20 stages').default(defaultLogisticsStages),
    /** A package at a stage without its own hours is late after this many hours (null: never). */
    lateAfterHours: hours.nullable().default(48),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.stages.forEach((stage, index) => {
      const key = stage.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['stages', index, 'name'], message: 'Two stages have this name' });
      seen.add(key);
    });
  });
export type LogisticsSettings = z.infer<typeof logisticsSettings>;

/** The hours after which a package at `stage` is late, or null (the final stage is never late). */
export function lateHoursOf(settings: LogisticsSettings, stageIndex: number): number | null {
  if (stageIndex < 0 || stageIndex >= settings.stages.length - 1) return null;
  return settings.stages[stageIndex]!.lateAfterHours ?? settings.lateAfterHours;
}

/** One package: where it is now. */
export const logisticsPackage = z.object({
  value: z.string(),
  stage: z.string(),
  /** The stage's place in the instance's stages (0 first; -1 for a stage since removed from the settings). */
  stageIndex: z.number().int(),
  final: z.boolean(),
  since: timestamp,
  late: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  by: z.string().nullable(),
  moves: z.number().int(),
});
export type LogisticsPackage = z.infer<typeof logisticsPackage>;

export const logisticsPackagesQuery = listQuery.extend({ id, late: z.boolean().default(false) });
export const logisticsPackagesReply = listReply(logisticsPackage).extend({
  counts: z.object({ packages: z.number().int(), late: z.number().int(), delivered: z.number().int() }),
  stages: z.array(z.string()),
});
export type LogisticsPackagesReply = z.infer<typeof logisticsPackagesReply>;

/** One scan of a package (its timeline, oldest first), refusals included. */
export const logisticsEvent = z.object({
  scanId: id,
  stage: z.string().nullable(),
  status: z.union([z.literal(1), z.literal(0), z.literal(-1)]),
  response: z.string(),
  scannedAt: timestamp,
  by: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  recipient: z.string().nullable(),
  /** The photo and signature answers (`scans/file` by answer id). */
  photoAnswerId: id.nullable(),
  signatureAnswerId: id.nullable(),
});
export type LogisticsEvent = z.infer<typeof logisticsEvent>;

export const logisticsTimelineReply = z.object({ package: logisticsPackage.nullable(), events: z.array(logisticsEvent), truncated: z.boolean(), tileUrl: z.string(), attribution: z.string() });
export type LogisticsTimelineReply = z.infer<typeof logisticsTimelineReply>;

export const logisticsPackages = defineV2Route({
  path: 'logistics/packages',
  access: 'admin',
  summary: 'Where every package of a logistics instance is (stage, since, location), late ones first when `late`; with counts.',
  body: logisticsPackagesQuery,
  reply: logisticsPackagesReply,
});
export const logisticsTimeline = defineV2Route({
  path: 'logistics/timeline',
  access: 'admin',
  summary: "One package's current stage and its scans, oldest first (at most 500), with locations, recipient and proof images.",
  body: z.object({ id, value: z.string().trim().min(1).max(4_000) }),
  reply: logisticsTimelineReply,
});
