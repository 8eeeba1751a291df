import { V2Error } from '../../api/v2-client';
import type { Issue } from '../../ui/form-issues';

/**
 * The service routes answer rule failures with a message that names the legacy variable
 * (`postback_url must start with http:// or https://.`) and no field details. These tables put
 * such a message on the field that holds the variable, in the form's own words.
 */
const variableFields: readonly (readonly [variable: string, field: string, label: string, noun: string])[] = [
  ['period_start_date', 'startDate', 'The first day', 'the first day'],
  ['period_end_date', 'endDate', 'The last day', 'the last day'],
  ['period_start_time', 'startTime', 'The start time', 'the start time'],
  ['period_end_time', 'endTime', 'The end time', 'the end time'],
  ['regex_scan_pattern', 'scanPattern', 'The pattern', 'the pattern'],
  ['regex_response_pattern', 'responsePattern', 'The pattern', 'the pattern'],
  ['auto_next_scan_delay', 'autoNextDelay', 'The delay', 'the delay'],
  ['auto_sync_up_delay', 'autoSyncUpDelay', 'The delay', 'the delay'],
  ['auto_sync_down_delay', 'autoSyncDownDelay', 'The delay', 'the delay'],
  ['auto_sync_up_url', 'autoSyncUpUrl', 'The address', 'a web address'],
  ['direct_history_url', 'directHistoryUrl', 'The address', 'a web address'],
  ['direct_lookup_url', 'directLookupUrl', 'The address', 'a web address'],
  ['upload_email', 'uploadEmail', 'The email address', 'an email address'],
  ['decoder_config', 'decoderConfig', 'The scanner configuration', 'the scanner configuration'],
  ['symbologies', 'symbologies', 'The barcode types', 'the barcode types'],
  ['enable_direct_scan', 'directScan', 'Direct scan', 'direct scan'],
  ['database_id', 'databaseId', 'The database', 'a database'],
  ['postback_url', 'postbackUrl', 'The address', 'a web address'],
];

/** Messages without a variable name, by what they say. */
const phraseFields: readonly (readonly [pattern: RegExp, field: string])[] = [
  [/service name|a service named/i, 'name'],
  [/^database \d+ does not exist/i, 'databaseId'],
  [/end date is before the start date|stop date must be in the future/i, 'endDate'],
  [/<curl>/i, 'webUrl'],
  [/webview service needs description/i, 'webHtml'],
];

/** Where a server message belongs and how to say it there; `path: ''` when no field fits. */
export function placeServiceMessage(message: string, form: { scanPattern?: string; responsePattern?: string; webKind?: 'url' | 'html'; forwarding?: boolean } = {}): Issue {
  const regex = /^The regex pattern "([\s\S]*)" is not a valid regular expression/.exec(message);
  if (regex) return { path: regex[1] === form.responsePattern && regex[1] !== form.scanPattern ? 'responsePattern' : 'scanPattern', message: 'This is not a valid regular expression' };
  if (/webview service needs description/i.test(message)) return { path: form.webKind === 'url' ? 'webUrl' : 'webHtml', message: 'Enter a web address, or HTML that starts with <html> and ends with </html>' };
  for (const [pattern, field] of phraseFields) if (pattern.test(message)) return { path: field, message };
  for (const [variable, field, label, noun] of variableFields) {
    if (!message.includes(variable)) continue;
    // On the advanced tab a non-postback service's postback_url is the forwarding address.
    const path = field === 'postbackUrl' && form.forwarding ? 'forwardUrl' : field;
    const text = message.startsWith(variable) ? `${label}${message.slice(variable.length)}` : message.replace(new RegExp(`(?:\\ban? )?${variable}`, 'g'), noun);
    return { path, message: text };
  }
  return { path: '', message };
}

/** A failed service save as form issues: field issues of the contract check, or the placed message. */
export function serviceErrorIssues(error: unknown, form: Parameters<typeof placeServiceMessage>[1] = {}): Issue[] {
  if (error instanceof V2Error) {
    if (error.fieldIssues.length > 0) return error.fieldIssues.map((issue) => ({ path: issue.path, message: issue.message }));
    if (error.code === 'VALIDATION_FAILED' || error.code === 'CONFLICT' || error.code === 'NOT_FOUND') return [placeServiceMessage(error.message, form)];
    return [{ path: '', message: error.message }];
  }
  return [{ path: '', message: error instanceof Error ? error.message : 'Something went wrong. Try again.' }];
}
