import type { Service } from '@scanbase/contracts/services';
import type { Issue } from '../../ui/form-issues';
import type { ServiceVariables } from './basics-form';
import { isWebUrl } from './web-content';

/** Everything on the "advanced" tab, as text and flags the inputs hold. */
export type AdvancedFormValues = {
  periodOn: boolean;
  startDate: string; // YYYY-MM-DD
  startTime: string; // HH:MM:SS
  endDate: string;
  endTime: string;
  scanPattern: string;
  scanReplacement: string;
  responsePattern: string;
  responseReplacement: string;
  symbologyMode: 'default' | 'custom';
  symbologies: number[];
  autoNext: '0' | '1' | '2' | '3';
  autoNextDelay: string;
  enableGps: boolean;
  blockCamera: boolean;
  blockManual: boolean;
  blockDbSearch: boolean;
  viewOtherScans: boolean;
  directHistoryUrl: string;
  directLookupUrl: string;
  autoSync: boolean;
  autoSyncUpUrl: string;
  autoSyncUpDelay: string;
  autoSyncDown: boolean;
  autoSyncDownDelay: string;
  uploadEmail: string;
  uploadEmailFormat: 'regular' | 'properties';
  decoderConfig: string;
  /** Non-postback types: forward scans to this URL as well. */
  forwardUrl: string;
  forwardRealTime: boolean;
  forwardUploaded: boolean;
  receiverOnly: boolean;
  /** Postback types: the app posts straight to the URL (DSU). */
  directScan: boolean;
  /** Conditional validation: at most limitMax valid scans of one value per limitWindow. */
  limitOn: boolean;
  limitMax: string;
  limitWindow: 'hour' | 'day' | 'week' | 'month' | 'ever';
};

export const advancedFieldKeys = [
  'startDate', 'startTime', 'endDate', 'endTime', 'scanPattern', 'responsePattern', 'symbologies', 'autoNextDelay', 'directHistoryUrl', 'directLookupUrl',
  'autoSyncUpUrl', 'autoSyncUpDelay', 'autoSyncDownDelay', 'uploadEmail', 'decoderConfig', 'forwardUrl', 'directScan', 'limitMax',
] as const;

const hms = (time: string) => (/^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time);

/** The tab's form for a stored service. */
export function advancedToForm(service: Service): AdvancedFormValues {
  const s = service.settings;
  return {
    periodOn: s.periodStartDate !== null,
    startDate: s.periodStartDate ?? '',
    startTime: s.periodStartTime,
    endDate: s.periodEndDate ?? '',
    endTime: s.periodEndTime,
    scanPattern: s.regexScanPattern,
    scanReplacement: s.regexScanReplacement,
    responsePattern: s.regexResponsePattern,
    responseReplacement: s.regexResponseReplacement,
    symbologyMode: s.symbologies.length > 0 ? 'custom' : 'default',
    symbologies: s.symbologies,
    autoNext: String(s.autoNextScan) as AdvancedFormValues['autoNext'],
    autoNextDelay: String(s.autoNextScanDelay),
    enableGps: s.enableGps,
    blockCamera: s.blockCameraScan,
    blockManual: s.blockManualScan,
    blockDbSearch: s.blockDbSearch,
    viewOtherScans: s.viewOtherScans,
    directHistoryUrl: s.directHistoryUrl,
    directLookupUrl: s.directLookupUrl,
    autoSync: s.autoSync,
    autoSyncUpUrl: s.autoSyncUpUrl,
    autoSyncUpDelay: String(s.autoSyncUpDelay),
    autoSyncDown: s.autoSyncDown,
    autoSyncDownDelay: String(s.autoSyncDownDelay),
    uploadEmail: s.uploadEmail,
    uploadEmailFormat: s.uploadEmailFormat,
    decoderConfig: s.decoderConfig ?? '',
    forwardUrl: service.validationMethod === 'postback' ? '' : service.postbackUrl,
    forwardRealTime: s.postbackRealTimeScans,
    forwardUploaded: s.postbackUploadedScans,
    receiverOnly: s.postbackReceiverOnly,
    directScan: s.enableDirectScan,
    limitOn: s.conditionalLimit !== null,
    limitMax: String(s.conditionalLimit?.maxScans ?? 1),
    limitWindow: s.conditionalLimit?.window ?? 'day',
  };
}

type Checked = { variables: ServiceVariables; issues: [] } | { variables: null; issues: Issue[] };

function seconds(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= max ? n : null;
}

function regexProblem(pattern: string): string | null {
  if (pattern === '') return null;
  try {
    new RegExp(pattern);
    return null;
  } catch {
    return 'This is not a valid regular expression';
  }
}

/**
 * Only the variables that changed (the V2 update keeps the rest), checked as the server would
 * check them. Groups the server reads together are sent together: the four period fields, each
 * regex pattern with its replacement. Saving an unchanged tab sends nothing, so an active period
 * that already ended does not block other changes.
 */
export function advancedVariables(service: Service, form: AdvancedFormValues): Checked {
  const before = advancedToForm(service);
  const changed = (...keys: (keyof AdvancedFormValues)[]) => keys.some((key) => JSON.stringify(form[key]) !== JSON.stringify(before[key]));
  const variables: ServiceVariables = {};
  const issues: Issue[] = [];
  const problem = (path: string, message: string) => issues.push({ path, message });

  if (changed('periodOn', 'startDate', 'startTime', 'endDate', 'endTime')) {
    if (!form.periodOn) {
      Object.assign(variables, { period_start_date: '', period_end_date: '', period_start_time: '00:00:00', period_end_time: '23:59:59' });
    } else {
      const [startDate, endDate, startTime, endTime] = [form.startDate, form.endDate, hms(form.startTime || '00:00:00'), hms(form.endTime || '23:59:59')];
      if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate)) problem('startDate', 'Pick the first day');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) problem('endDate', 'Pick the last day');
      else if (`${endDate}T${endTime}` < `${startDate}T${startTime}`) problem('endDate', 'The end is before the start');
      Object.assign(variables, { period_start_date: startDate, period_end_date: endDate, period_start_time: startTime, period_end_time: endTime });
    }
  }

  for (const [pattern, replacement, patternVar, replacementVar] of [
    ['scanPattern', 'scanReplacement', 'regex_scan_pattern', 'regex_scan_replacement'],
    ['responsePattern', 'responseReplacement', 'regex_response_pattern', 'regex_response_replacement'],
  ] as const) {
    if (!changed(pattern, replacement)) continue;
    const message = regexProblem(form[pattern]);
    if (message) problem(pattern, message);
    // An empty pattern switches the rewrite off; its replacement goes with it.
    variables[patternVar] = form[pattern];
    variables[replacementVar] = form[pattern] === '' ? '' : form[replacement];
  }

  if (changed('symbologyMode', 'symbologies')) {
    if (form.symbologyMode === 'default') variables.symbologies = '';
    else if (form.symbologies.length === 0) problem('symbologies', 'Tick at least one barcode type, or go back to the usual set');
    else variables.symbologies = [...form.symbologies].sort((a, b) => a - b).join(',');
  }

  if (changed('autoNext')) variables.auto_next_scan = Number(form.autoNext);
  if (changed('autoNextDelay')) {
    const delay = seconds(form.autoNextDelay, 3600);
    if (delay === null) problem('autoNextDelay', 'Enter seconds, from 0 to 3600');
    else variables.auto_next_scan_delay = delay;
  }

  const flags = [
    ['enableGps', 'enableGPS'],
    ['blockCamera', 'block_camera_scan'],
    ['blockManual', 'block_manual_scan'],
    ['blockDbSearch', 'block_db_search'],
    ['viewOtherScans', 'viewOtherScans'],
    ['autoSync', 'auto_sync'],
    ['autoSyncDown', 'auto_sync_down_url'],
  ] as const;
  for (const [key, name] of flags) if (changed(key)) variables[name] = form[key];

  for (const [key, name] of [['directHistoryUrl', 'direct_history_url'], ['directLookupUrl', 'direct_lookup_url'], ['autoSyncUpUrl', 'auto_sync_up_url']] as const) {
    if (!changed(key)) continue;
    const url = form[key].trim();
    if (url !== '' && !isWebUrl(url)) problem(key, 'Start the address with http:// or https://, or leave it empty');
    else variables[name] = url;
  }
  for (const [key, name] of [['autoSyncUpDelay', 'auto_sync_up_delay'], ['autoSyncDownDelay', 'auto_sync_down_delay']] as const) {
    if (!changed(key)) continue;
    const value = seconds(form[key], 86_400);
    if (value === null) problem(key, 'Enter seconds, from 0 to 86400 (a day)');
    else variables[name] = value;
  }

  if (changed('uploadEmail')) {
    const email = form.uploadEmail.trim();
    if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problem('uploadEmail', 'Enter an email address, or leave it empty');
    else variables.upload_email = email;
  }
  if (changed('uploadEmailFormat')) variables.upload_email_format = form.uploadEmailFormat;

  if (changed('decoderConfig')) {
    const text = form.decoderConfig.trim();
    if (text === '') variables.decoder_config = '{}';
    else {
      try {
        JSON.parse(text);
        variables.decoder_config = text;
      } catch {
        problem('decoderConfig', 'This is not valid JSON; check quotes, commas and brackets');
      }
    }
  }

  if (changed('limitOn', 'limitMax', 'limitWindow')) {
    const max = form.limitMax.trim();
    if (!form.limitOn) variables.conditional_limit = '0';
    else if (!/^\d{1,7}$/.test(max) || Number(max) < 1 || Number(max) > 1_000_000) problem('limitMax', 'Enter a whole number of scans, from 1 to 1,000,000');
    else {
      variables.conditional_limit = max;
      variables.conditional_limit_window = form.limitWindow;
    }
  }

  if (service.validationMethod === 'postback') {
    if (changed('directScan')) variables.enable_direct_scan = form.directScan;
  } else {
    const url = form.forwardUrl.trim();
    const forwarding = form.forwardRealTime || form.forwardUploaded || form.receiverOnly;
    if (changed('forwardUrl')) {
      if (url !== '' && !isWebUrl(url)) problem('forwardUrl', 'Start the address with http:// or https://, or leave it empty');
      else variables.postback_url = url;
    }
    if (forwarding && url === '') problem('forwardUrl', 'Enter the address to send scans to, or untick the options below');
    if (changed('forwardRealTime')) variables.postback_real_time_scans = form.forwardRealTime;
    if (changed('forwardUploaded')) variables.postback_uploaded_scans = form.forwardUploaded;
    if (changed('receiverOnly')) variables.postback_receiver_only = form.receiverOnly;
  }

  return issues.length > 0 ? { variables: null, issues } : { variables, issues: [] };
}
