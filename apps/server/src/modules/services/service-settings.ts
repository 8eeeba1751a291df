import { serviceSettings, validationMethods, type ServiceSettings, type ValidationMethod } from '@scanbase/contracts';
import { CodedError, isRowId } from '../../platform/http/legacy/legacy-bridge.js';

/** A service as the rules see it: its columns plus the settings JSON. */
export type ServiceState = { name: string; validationMethod: ValidationMethod; databaseId: number | null; postbackUrl: string; description: string; duplicateValue: boolean; settings: ServiceSettings };

/** Reads one variable; undefined when it was not sent. */
export type Vars = (name: string) => string | undefined;

/** Defaults of the reference's create table. */
export function defaultSettings(): ServiceSettings {
  return {
    deviceDuplicateValue: true, periodStartDate: null, periodEndDate: null, periodStartTime: '00:00:00', periodEndTime: '23:59:59',
    uploadEmail: '', uploadEmailFormat: 'regular', viewOtherScans: true, directHistoryUrl: '', directLookupUrl: '',
    enableDirectScan: false, postbackReceiverOnly: false, postbackRealTimeScans: false, postbackUploadedScans: false,
    regexResponsePattern: '', regexResponseReplacement: '', regexScanPattern: '', regexScanReplacement: '',
    symbologies: [], autoNextScan: 0, autoNextScanDelay: 1, enableGps: false, blockCameraScan: false, blockManualScan: false, blockDbSearch: false,
    autoSync: false, autoSyncUpUrl: '', autoSyncUpDelay: 2, autoSyncDown: true, autoSyncDownDelay: 120, decoderConfig: null, conditionalLimit: null,
  };
}

// Built once: zod compiles a schema on its first use, which costs far more than parsing.
const storedSettings = serviceSettings.partial();

/** The settings JSON of a service row, over the defaults (settings added later read as their default). */
export function parseStoredSettings(json: string): ServiceSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const parsed = storedSettings.safeParse(raw);
  return { ...defaultSettings(), ...(parsed.success ? parsed.data : {}) };
}

// Parsed settings by their stored text: a service's settings change rarely, and parsing them (JSON, then the schema)
// on every scan was nearly half of the capture function's own JavaScript in a profile of the ingest bench.
const sharedSettings = new Map<string, Readonly<ServiceSettings>>();
const MAX_SHARED_SETTINGS = 1_000;

/** `parseStoredSettings` once per stored text, for readers on the scan path: frozen, since every scan of the service shares it. */
export function sharedStoredSettings(json: string): Readonly<ServiceSettings> {
  let settings = sharedSettings.get(json);
  if (!settings) {
    if (sharedSettings.size >= MAX_SHARED_SETTINGS) sharedSettings.clear();
    settings = Object.freeze(parseStoredSettings(json));
    sharedSettings.set(json, settings);
  }
  return settings;
}

const bad = (code: number, message: string) => new CodedError('VALIDATION_FAILED', code, message);

function flag(v: Vars, name: string, current: boolean): boolean {
  const raw = v(name)?.trim().toLowerCase();
  if (raw === undefined || raw === '') return current;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw bad(210, `${name} must be 0 or 1.`);
}

function num(v: Vars, name: string, current: number, max: number): number {
  const raw = v(name)?.trim();
  if (raw === undefined || raw === '') return current;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || n > max) throw bad(210, `${name} must be a number from 0 to ${max}.`);
  return n;
}

/** An http(s) URL, or '' (empty disables); anything else answers `code`. */
function url(v: Vars, name: string, current: string, code = 222): string {
  const raw = v(name);
  if (raw === undefined) return current;
  const s = raw.trim();
  if (s === '') return '';
  if (!/^https?:\/\//i.test(s)) throw bad(code, `${name} must start with http:// or https://.`);
  try {
    new URL(s);
  } catch {
    throw bad(222, `${name} is not a valid URL.`);
  }
  return s;
}

/** `MM/DD/YYYY` or `YYYY-MM-DD` to `YYYY-MM-DD`; '' clears. */
function date(v: Vars, name: string, current: string | null, code: number): string | null {
  const raw = v(name)?.trim();
  if (raw === undefined) return current;
  if (raw === '') return null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  const [y, m, d] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  const text = y && m && d ? `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` : '';
  const parsed = new Date(`${text}T00:00:00Z`);
  if (!text || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) throw bad(code, `${name} must be MM/DD/YYYY or YYYY-MM-DD.`);
  return text;
}

/** `hh:mm:ss`, `hh:mm` or `hh:mma` (6:30pm) to `HH:MM:SS`. */
function time(v: Vars, name: string, current: string, code: number): string {
  const raw = v(name)?.trim().toLowerCase();
  if (raw === undefined || raw === '') return current;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/.exec(raw);
  if (!m) throw bad(code, `${name} must be hh:mm:ss or hh:mma (6:30pm).`);
  let h = Number(m[1]);
  const [min, sec, ampm] = [Number(m[2]), Number(m[3] ?? 0), m[4]];
  if (ampm && (h < 1 || h > 12)) throw bad(code, `${name}: the hour must be 1 to 12 with am/pm.`);
  if (ampm) h = (h % 12) + (ampm === 'pm' ? 12 : 0);
  if (h > 23 || min > 59 || sec > 59) throw bad(code, `${name} is not a time of day.`);
  return [h, min, sec].map((x) => String(x).padStart(2, '0')).join(':');
}

function regex(pattern: string): void {
  try {
    new RegExp(pattern);
  } catch {
    throw bad(210, `The regex pattern "${pattern}" is not a valid regular expression.`);
  }
}

/** A regex pattern/replacement pair: both or neither (224); '' for both clears. */
function regexPair(v: Vars, p: string, r: string, current: [string, string]): [string, string] {
  const [pv, rv] = [v(p), v(r)];
  if (pv === undefined && rv === undefined) return current;
  if (pv === undefined || rv === undefined) throw bad(224, `${p} and ${r} must be sent together.`);
  if (pv !== '') regex(pv);
  return [pv, rv];
}

/** Webview content: `<curl>URL</curl>` or inline `<html>…</html>` whose opening tag has no attributes. */
function checkWebview(description: string): void {
  const d = description.trim();
  const curl = /^<curl>([\s\S]*)<\/curl>$/i.exec(d);
  if (curl) {
    const target = (curl[1] ?? '').trim();
    if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) throw bad(222, 'The <curl> URL must be a valid http:// or https:// address.');
    return;
  }
  if (/^<html>[\s\S]*<\/html>$/i.test(d)) return;
  throw bad(210, 'A webview service needs description: <curl>URL</curl> or <html>...</html> (the <html> tag without attributes).');
}

/**
 * Applies legacy variables to a service (or to the defaults on create) and checks the result:
 * 210, 211, 213, 214, 217, 218, 221-226 and friends. Name and database existence are checked by the caller.
 */
export function applyVariables(current: ServiceState | null, v: Vars, opts: { resetSymbologies: boolean; now?: Date }): ServiceState {
  const base = current ?? { name: '', validationMethod: 'record', databaseId: null, postbackUrl: '', description: '', duplicateValue: true, settings: defaultSettings() };
  const s: ServiceSettings = { ...base.settings };
  const methodRaw = v('validation_method')?.trim().toLowerCase();
  if (!current && !methodRaw) throw bad(210, 'Required service variable is missing: validation_method.');
  if (methodRaw && !(validationMethods as readonly string[]).includes(methodRaw)) throw bad(210, `Unknown validation_method "${methodRaw}": use ${validationMethods.join(', ')}.`);
  const method = (methodRaw || base.validationMethod) as ValidationMethod;
  const isDb = method === 'database' || method === 'ondevicedatabase';

  let databaseId = base.databaseId;
  const dbRaw = v('database_id')?.trim();
  if (dbRaw !== undefined && dbRaw !== '') {
    if (!isRowId(dbRaw)) throw bad(270, `Invalid database_id: ${dbRaw}`);
    databaseId = Number(dbRaw);
  }
  if (isDb && databaseId === null) throw bad(211, 'A database service needs database_id.');

  const postbackUrl = url(v, 'postback_url', base.postbackUrl, 221);
  if (method === 'postback' && postbackUrl === '') throw bad(221, 'A postback service needs postback_url starting with http:// or https://.');

  const description = v('description') ?? base.description;
  if (method === 'webview') checkWebview(description);

  const duplicateValue = flag(v, 'duplicate_value', base.duplicateValue);
  s.deviceDuplicateValue = duplicateValue ? flag(v, 'device_duplicate_value', s.deviceDuplicateValue) : false;

  const periodTouched = ['period_start_date', 'period_end_date', 'period_start_time', 'period_end_time'].some((n) => v(n) !== undefined);
  s.periodStartDate = date(v, 'period_start_date', s.periodStartDate, 217);
  s.periodEndDate = date(v, 'period_end_date', s.periodEndDate, 218);
  s.periodStartTime = time(v, 'period_start_time', s.periodStartTime, 217);
  s.periodEndTime = time(v, 'period_end_time', s.periodEndTime, 218);
  if (s.periodStartDate && !s.periodEndDate) throw bad(218, 'period_end_date is missing.');
  if (!s.periodStartDate && s.periodEndDate) throw bad(217, 'period_start_date is missing.');
  if (s.periodStartDate && s.periodEndDate) {
    const start = `${s.periodStartDate}T${s.periodStartTime}`;
    const end = `${s.periodEndDate}T${s.periodEndTime}`;
    if (end < start) throw bad(213, 'The end date is before the start date.');
    if (periodTouched && new Date(`${end}Z`).getTime() <= (opts.now ?? new Date()).getTime()) throw bad(214, 'The stop date must be in the future.');
  }

  const email = v('upload_email')?.trim();
  if (email !== undefined) {
    if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw bad(210, 'upload_email is not a valid email address.');
    s.uploadEmail = email;
  }
  const format = v('upload_email_format')?.trim().toLowerCase();
  if (format !== undefined && format !== '') {
    if (format !== 'regular' && format !== 'properties') throw bad(210, 'upload_email_format must be regular or properties.');
    s.uploadEmailFormat = format;
  }
  s.viewOtherScans = flag(v, 'viewOtherScans', s.viewOtherScans);
  s.directHistoryUrl = url(v, 'direct_history_url', s.directHistoryUrl);
  s.directLookupUrl = url(v, 'direct_lookup_url', s.directLookupUrl);

  s.enableDirectScan = flag(v, 'enable_direct_scan', s.enableDirectScan);
  if (s.enableDirectScan && method !== 'postback') throw bad(223, 'enable_direct_scan is only allowed on postback services.');
  s.postbackReceiverOnly = flag(v, 'postback_receiver_only', s.postbackReceiverOnly);
  s.postbackRealTimeScans = flag(v, 'postback_real_time_scans', s.postbackRealTimeScans);
  s.postbackUploadedScans = flag(v, 'postback_uploaded_scans', s.postbackUploadedScans);
  const forwarding = s.postbackReceiverOnly || s.postbackRealTimeScans || s.postbackUploadedScans;
  if (forwarding && method === 'postback') throw bad(225, 'postback_receiver_only, postback_real_time_scans and postback_uploaded_scans are not allowed on postback services.');
  if (forwarding && postbackUrl === '') throw bad(226, 'These postback options need a postback_url.');

  [s.regexResponsePattern, s.regexResponseReplacement] = regexPair(v, 'regex_response_pattern', 'regex_response_replacement', [s.regexResponsePattern, s.regexResponseReplacement]);
  [s.regexScanPattern, s.regexScanReplacement] = regexPair(v, 'regex_scan_pattern', 'regex_scan_replacement', [s.regexScanPattern, s.regexScanReplacement]);

  const sym = v('symbologies')?.trim();
  if (sym !== undefined && sym !== '') {
    const ids = sym.split(',').map((x) => x.trim()).filter((x) => x !== '');
    if (!ids.every((x) => /^\d{1,2}$/.test(x) && Number(x) >= 1 && Number(x) <= 49)) throw bad(210, 'symbologies must be a comma list of symbology ids from 1 to 49.');
    s.symbologies = [...new Set(ids.map(Number))].sort((a, b) => a - b);
  } else if (opts.resetSymbologies || sym === '') {
    // The reference: an update without symbologies goes back to the default set; an empty list
    // asks for it explicitly (the only way back to the default set through the V2 update).
    s.symbologies = [];
  }

  s.autoNextScan = num(v, 'auto_next_scan', s.autoNextScan, 3);
  if (!Number.isInteger(s.autoNextScan)) throw bad(210, 'auto_next_scan must be 0, 1, 2 or 3.');
  s.autoNextScanDelay = num(v, 'auto_next_scan_delay', s.autoNextScanDelay, 3600);
  s.enableGps = flag(v, 'enableGPS', s.enableGps);
  s.blockCameraScan = flag(v, 'block_camera_scan', s.blockCameraScan);
  s.blockManualScan = flag(v, 'block_manual_scan', s.blockManualScan);
  s.blockDbSearch = flag(v, 'block_db_search', s.blockDbSearch);
  s.autoSync = flag(v, 'auto_sync', s.autoSync);
  s.autoSyncUpUrl = url(v, 'auto_sync_up_url', s.autoSyncUpUrl);
  s.autoSyncUpDelay = num(v, 'auto_sync_up_delay', s.autoSyncUpDelay, 86_400);
  s.autoSyncDown = flag(v, 'auto_sync_down_url', s.autoSyncDown);
  s.autoSyncDownDelay = num(v, 'auto_sync_down_delay', s.autoSyncDownDelay, 86_400);

  // Conditional validation (no legacy variable exists; these names follow the others): 0 or '' clears.
  const limitRaw = v('conditional_limit')?.trim();
  const windowRaw = v('conditional_limit_window')?.trim().toLowerCase();
  if (limitRaw !== undefined || windowRaw !== undefined) {
    const windows = ['hour', 'day', 'week', 'month', 'ever'] as const;
    const window = windowRaw === undefined || windowRaw === '' ? (s.conditionalLimit?.window ?? 'day') : windows.find((w) => w === windowRaw);
    if (!window) throw bad(210, `conditional_limit_window must be one of ${windows.join(', ')}.`);
    const max = limitRaw === undefined ? (s.conditionalLimit?.maxScans ?? 0) : limitRaw === '' ? 0 : /^\d{1,7}$/.test(limitRaw) ? Number(limitRaw) : NaN;
    if (!Number.isInteger(max) || max > 1_000_000) throw bad(210, 'conditional_limit must be a whole number of scans (0 turns the limit off).');
    s.conditionalLimit = max === 0 ? null : { maxScans: max, window };
  }

  const decoder = v('decoder_config');
  if (decoder !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decoder);
    } catch {
      throw bad(210, 'decoder_config must be well-formed JSON.');
    }
    // Stored verbatim; `{}` clears it.
    const empty = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.keys(parsed).length === 0;
    s.decoderConfig = empty ? null : decoder;
  }

  return { name: base.name, validationMethod: method, databaseId: isDb ? databaseId : null, postbackUrl, description, duplicateValue, settings: s };
}
