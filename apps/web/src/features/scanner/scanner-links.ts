import { hrefFor } from '../../app/route-paths';
import { routesByName } from '../../app/route-table';

/** `/app/1.0/mapview/` with its service and period (defaults left out). */
export function mapViewHref(search: { service?: number | undefined; period?: string | undefined; from?: string | undefined; to?: string | undefined } = {}): string {
  const def = routesByName.get('app.mapview');
  return def ? hrefFor(def, {}, { ...search, period: search.period === 'today' ? undefined : search.period }) : '/app/1.0/mapview/';
}

/** `/scanresponse/{scanId}/`: a scan's response as the scanner showed it. */
export function scanResponseHref(scanId: number): string {
  const def = routesByName.get('app.scanresponse');
  return def ? hrefFor(def, { scanId: String(scanId) }) : `/scanresponse/${scanId}/`;
}

/** `/app-custom?tableId=`: a table-builder table as the app user sees it (optionally opened on one row's key). */
export function appCustomHref(tableId: number, value?: string): string {
  const def = routesByName.get('app.custom');
  const search = { tableId: String(tableId), ...(value === undefined ? {} : { col: 'value', op: 'equals', q: value }) };
  return def ? hrefFor(def, {}, search) : `/app-custom?${new URLSearchParams(search).toString()}`;
}

/** `/device-lookup?tableId=&deviceId=`: the rows of a table a device scanned. */
export function deviceLookupHref(tableId: number, deviceId: number): string {
  const def = routesByName.get('app.devicelookup');
  const search = { tableId: String(tableId), deviceId: String(deviceId) };
  return def ? hrefFor(def, {}, search) : `/device-lookup?${new URLSearchParams(search).toString()}`;
}

/** The scanner itself. */
export const SCANNER_HREF = '/scanner';

/** The administrators' scan editor of one scan. */
export function scanEditorHref(scanId: number): string {
  const def = routesByName.get('account.scans.edit');
  return def ? hrefFor(def, {}, { scanId }) : `/account/scans/edit/?scanId=${scanId}`;
}
