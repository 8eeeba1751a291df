import { APP_LOCATIONS_MAX_DAYS, type appLocations, type AppService, type ScanLocation, type ScanResponseView, type ScanStatus } from '@scanbase/contracts';
import type { z } from 'zod';
import type { AppSession } from '../../platform/auth/session.js';
import { AppError } from '../../platform/errors.js';
import type { ScanInsightsRepo } from './scan-insights.repo.js';
import { parseGpsLocation, type MapConfig } from './scan-insights.service.js';
import type { ScansRepo } from './scans.repo.js';
import { responseKind } from './validation-rules.js';

type LocationsQuery = z.output<typeof appLocations.body>;
type LocationsReply = z.input<typeof appLocations.reply>;

const DAY = 86_400_000;

/**
 * The scanner-side pages: an app user's own scans on a map (`app/locations`) and one scan's response as
 * the scanner showed it (`app/scan-response` for its maker, `scans/response` for the account's administrators).
 */
export class ScannerPagesService {
  constructor(
    private readonly deps: {
      scans: ScansRepo;
      insights: ScanInsightsRepo;
      map: MapConfig;
      /** The services an app user may use (the scanner's own list). */
      servicesOf: (accountId: number, appUserId: number) => Promise<AppService[]>;
    },
  ) {}

  /** The app user's own scans of one of their services within a period: points with a location (newest first, capped), counts of the rest. */
  async myLocations(session: AppSession, q: LocationsQuery): Promise<LocationsReply> {
    const from = Date.parse(q.from);
    const to = Date.parse(q.to);
    if (!(from <= to)) throw new AppError('VALIDATION_FAILED', 'The period ends before it starts.', [{ path: 'to', message: 'The end must not be before the start' }]);
    if (to - from > APP_LOCATIONS_MAX_DAYS * DAY) throw new AppError('VALIDATION_FAILED', `Choose a period of at most ${APP_LOCATIONS_MAX_DAYS} days.`, [{ path: 'from', message: `At most ${APP_LOCATIONS_MAX_DAYS} days` }]);
    const services = await this.deps.servicesOf(session.accountId, session.appUserId);
    if (!services.some((s) => s.id === q.serviceId)) throw new AppError('NOT_FOUND', 'This service does not exist or you may not use it.');
    // The user comes from the app session, never from the body.
    const filter = { serviceIds: [q.serviceId], userIds: [session.appUserId], from: new Date(from).toISOString(), to: new Date(to).toISOString(), timeFields: ['scanned_at' as const] };
    const [{ rows, total: withGps }, total] = await Promise.all([this.deps.insights.locations(session.accountId, filter, q.limit), this.deps.insights.count(session.accountId, filter)]);
    const points = rows.flatMap((r): ScanLocation[] => {
      const at = parseGpsLocation(r.gps);
      return at ? [{ scanId: r.id, ...at, value: r.value, status: r.status as ScanStatus, serviceName: r.service_name, scannedAt: r.scanned_at }] : [];
    });
    // Scans without the property, plus those on the page whose property is no usable place.
    const withoutLocation = total - withGps + (rows.length - points.length);
    return { points, total, withoutLocation, truncated: withGps > rows.length, tileUrl: this.deps.map.tileUrl, attribution: this.deps.map.attribution };
  }

  /**
   * One scan's response as the scanner showed it. `appUserId` set (an app token): only that user's own scans;
   * another user's scan of the account is refused (FORBIDDEN), another account's is not found.
   */
  async response(accountId: number, scanId: number, appUserId?: number): Promise<ScanResponseView> {
    const scan = await this.deps.scans.get(accountId, scanId);
    if (!scan) throw new AppError('NOT_FOUND', 'There is no such scan.');
    if (appUserId !== undefined && scan.app_user_id !== appUserId) throw new AppError('FORBIDDEN', 'This scan was made by another app user: only its maker and the account’s administrators can see it.');
    const names = await this.deps.insights.names(accountId, { services: [scan.service_id], users: scan.app_user_id === null ? [] : [scan.app_user_id] });
    const shown = responseKind(scan.response);
    return {
      scanId: scan.id,
      value: scan.value,
      status: scan.status as ScanStatus,
      text: shown.text,
      textKind: shown.kind,
      scannedAt: scan.scanned_at,
      service: { id: scan.service_id, name: names.services.get(scan.service_id) ?? `Service ${scan.service_id}` },
      userName: scan.app_user_id === null ? null : (names.users.get(scan.app_user_id) ?? null),
    };
  }
}
