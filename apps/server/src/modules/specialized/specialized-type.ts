import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ScanStatus, SpecializedType } from '@scanbase/contracts';
import type { DialectName } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';
import type { AppSession } from '../../platform/auth/session.js';
import type { CaptureServiceRow } from '../scans/scans.repo.js';

/** The verdict of the ordinary validation method underneath (record, or database with its duplicate and limit rules). */
export type BaseVerdict = { status: ScanStatus; response: string; dbValueId: number | null; duplicate: boolean };

/** What a type's rules see of one scan, inside the transaction that stores it. */
export type TypeJudgeContext<S> = {
  /** The database handle of the scan's transaction: a type's repository built on it reads and writes atomically with the scan. */
  db: Kysely<Database>;
  dialect: DialectName;
  accountId: number;
  service: CaptureServiceRow;
  settings: S;
  caller: AppSession;
  /** The value after the service's rewrite rule. */
  value: string;
  scannedAt: string;
  /** The account's time zone. */
  timeZone: string;
  /** Properties the scanner sent (`direction`, `checklist`, …: see docs/SPECIALIZED-SERVICES.md). */
  properties: Record<string, string>;
  /** The scan's answers as they will be stored (a photo or signature answer is `photo-…`/`signature-…` with its file key). */
  answers: readonly { questionId: number; answer: string; fileKey: string | null }[];
  /** True for an online scan, false for one uploaded from an offline queue (judged again here, now). */
  online: boolean;
  base: BaseVerdict;
};

/** A type's verdict: the base verdict changed as the type decides, with properties stored with the scan. */
export type TypeVerdict = BaseVerdict & {
  /** Stored as scan properties (they replace a property of the same name sent by the scanner). */
  properties?: Record<string, string>;
  /** Runs in the scan's transaction once the scan is inserted (for example to move a value's state). */
  afterInsert?: (scanId: number) => Promise<void>;
  /** Live topics published after the commit besides `scan` (id: the instance id). */
  topics?: string[];
};

/** Legacy service variables (`validation_method`, `database_id`, `duplicate_value`, …) the instance's service gets. */
export type ServiceVariables = Record<string, string>;

/** What a create or update of an instance may do beyond the service, in the type's own tables. */
export type TypeSetupContext<S> = { db: Kysely<Database>; dialect: DialectName; accountId: number; instanceId: number; settings: S };

/**
 * One specialized type on the server: its settings schema, the ordinary service it rests on, and the
 * rules it adds at scan time. Registered in `types/index.ts`.
 */
export interface SpecializedTypeDefinition<S extends Record<string, unknown> = Record<string, unknown>> {
  type: SpecializedType;
  /** Parses the type's settings with defaults for what is left out (a bad value answers VALIDATION_FAILED with paths). */
  settings: z.ZodType<S>;
  /** Whether the service validates against a database: `required` makes an empty one when none is chosen. */
  database: 'required' | 'optional' | 'none';
  /** The service variables for these settings (applied on create and on every settings change). */
  serviceVariables(settings: S, databaseId: number | null): ServiceVariables;
  /** Options the scanner needs (mode, checklist items …); never secrets. */
  scannerOptions?(settings: S): Record<string, unknown>;
  /** Rules at scan time, after the base verdict, in the scan's transaction. */
  judge?(ctx: TypeJudgeContext<S>): Promise<TypeVerdict>;
  /** Work in the type's own tables after create (same transaction as nothing else: keep it idempotent). */
  afterCreate?(ctx: TypeSetupContext<S>): Promise<void>;
}

/** Widens a typed definition for the registry. */
export function defineSpecializedType<S extends Record<string, unknown>>(def: SpecializedTypeDefinition<S>): SpecializedTypeDefinition {
  return def;
}
