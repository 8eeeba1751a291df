import { randomUUID } from 'node:crypto';
import { type CheckDirection, type CheckInOutSettings, type CheckState, type PortalInstance, type RosterReply, type ValueHistoryReply } from '@scanbase/contracts';
import type { AppSession } from '../../../platform/auth/session.js';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import type { ScanCaptureService } from '../../scans/scan-capture.service.js';
import { storedTypeSettings } from '../type-settings.js';
import { checkInOutType, checklistItems, stateKey } from '../types/check-in-out.js';
import { CheckInOutRepo, type CheckInOutInstanceRow, type StateRow } from './check-in-out.repo.js';

type RosterQuery = { id: number; page: number; limit: number; search?: string | undefined; state?: CheckDirection | undefined };

function settingsOf(row: CheckInOutInstanceRow): CheckInOutSettings {
  return storedTypeSettings(checkInOutType, row.type_settings) as CheckInOutSettings;
}

function toState(r: StateRow): CheckState {
  return { value: r.value, state: r.state, since: r.since, by: r.by, lastScanId: r.last_scan_id };
}

/** The roster, history and portal of check in/out instances (the rules at scan time are in `types/check-in-out.ts`). */
export class CheckInOutService {
  private readonly repo: CheckInOutRepo;

  constructor(private readonly deps: { db: Db; capture: ScanCaptureService }) {
    this.repo = new CheckInOutRepo(deps.db.kysely, deps.db.dialect);
  }

  private async instance(accountId: number, id: number): Promise<CheckInOutInstanceRow> {
    const row = await this.repo.instance(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', `Check in/out service ${id} does not exist.`);
    return row;
  }

  /** An instance the app user may open in the portal (FORBIDDEN when not given portal access). */
  private async portalInstance(caller: AppSession, id: number): Promise<CheckInOutInstanceRow> {
    const row = await this.instance(caller.accountId, id);
    if (!settingsOf(row).portalUserIds.includes(caller.appUserId)) throw new AppError('FORBIDDEN', 'You have no portal access to this check in/out service. Ask an administrator to give it to you on its Users tab.');
    return row;
  }

  /** The moved values of an instance with counts in and out. */
  async roster(accountId: number, q: RosterQuery): Promise<RosterReply> {
    await this.instance(accountId, q.id);
    const { rows, total, counts } = await this.repo.roster(accountId, q.id, { search: q.search?.trim() || undefined, state: q.state, offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: rows.map(toState), total, page: q.page, limit: q.limit, counts };
  }

  /** One value's state (the default state when never moved) and its scans, newest first. */
  async history(accountId: number, q: { id: number; value: string; limit: number }): Promise<ValueHistoryReply> {
    const row = await this.instance(accountId, q.id);
    const settings = settingsOf(row);
    const key = stateKey(q.value.trim(), row.case_sensitive);
    const [state, moves] = await Promise.all([this.repo.state(accountId, q.id, key), this.repo.movements(accountId, q.id, key, row.case_sensitive !== 0, q.limit)]);
    const moved = state && state.moves > 0 ? state : undefined;
    return {
      value: moved?.value ?? q.value.trim(),
      state: moved?.state ?? settings.defaultState,
      since: moved?.since ?? null,
      by: moved?.by ?? null,
      movements: moves.map((m) => ({
        scanId: m.id,
        direction: m.direction === 'in' || m.direction === 'out' ? m.direction : null,
        status: (m.status === 1 ? 1 : m.status === 0 ? 0 : -1),
        response: m.response,
        scannedAt: m.scanned_at,
        by: m.by,
        checklist: checklistItems(m.checklist ?? undefined),
        reason: m.reason,
      })),
    };
  }

  /** The instances this app user has portal access to. */
  async portalInstances(caller: AppSession): Promise<{ items: PortalInstance[] }> {
    const rows = (await this.repo.instances(caller.accountId)).filter((r) => settingsOf(r).portalUserIds.includes(caller.appUserId));
    const counts = await this.repo.counts(caller.accountId, rows.map((r) => r.id));
    return { items: rows.map((r) => ({ id: r.id, name: r.name, mode: settingsOf(r).mode, counts: counts.get(r.id) ?? { in: 0, out: 0 } })) };
  }

  /** The portal roster (portal access required). */
  async portalRoster(caller: AppSession, q: RosterQuery): Promise<RosterReply & { name: string; mode: CheckInOutSettings['mode']; checklist: CheckInOutSettings['checklist'] }> {
    const row = await this.portalInstance(caller, q.id);
    const settings = settingsOf(row);
    return { ...(await this.roster(caller.accountId, q)), name: row.name, mode: settings.mode, checklist: settings.checklist };
  }

  /** A value's history in the portal (portal access required). */
  async portalHistory(caller: AppSession, q: { id: number; value: string; limit: number }): Promise<ValueHistoryReply> {
    await this.portalInstance(caller, q.id);
    return this.history(caller.accountId, q);
  }

  /**
   * Checks a value in or out by hand: stored as a scan of the instance by the portal user, through the
   * engine (so the state rule, the database restriction and the checklist hold), with the reason as property.
   */
  async portalMove(caller: AppSession, input: { id: number; value: string; direction: CheckDirection; reason: string; checklist: string[] }) {
    const row = await this.portalInstance(caller, input.id);
    const properties: Record<string, string> = { direction: input.direction, reason: input.reason, capture_type: 'portal' };
    if (input.checklist.length > 0) properties.checklist = JSON.stringify(input.checklist);
    const result = await this.deps.capture.scan(caller, { serviceId: input.id, value: input.value, clientScanId: randomUUID(), answers: [], properties });
    const state = await this.repo.state(caller.accountId, input.id, stateKey(input.value.trim(), row.case_sensitive));
    return { scanId: result.scanId, status: result.status, text: result.text, state: state && state.moves > 0 ? toState(state) : null };
  }
}
