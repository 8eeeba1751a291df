import type { Service } from '@scanbase/contracts/services';
import { describe, expect, it } from 'vitest';
import { V2Error } from '../../api/v2-client';
import { placeIssues } from '../../ui/form-issues';
import { advancedFieldKeys, advancedToForm, advancedVariables } from './advanced-form';
import { basicsFieldKeys, basicsToForm, basicsVariables, newBasicsForm } from './basics-form';
import { placeServiceMessage, serviceErrorIssues } from './service-errors';
import { attachQuestion, changeQuestion, moveQuestion, questionRows } from './service-questions';
import { symbologyGroups } from './service-types';
import { parseWebContent, webContentValue } from './web-content';

const settings: Service['settings'] = {
  deviceDuplicateValue: true, periodStartDate: null, periodEndDate: null, periodStartTime: '00:00:00', periodEndTime: '23:59:59',
  uploadEmail: '', uploadEmailFormat: 'regular', viewOtherScans: true, directHistoryUrl: '', directLookupUrl: '',
  enableDirectScan: false, postbackReceiverOnly: false, postbackRealTimeScans: false, postbackUploadedScans: false,
  regexResponsePattern: '', regexResponseReplacement: '', regexScanPattern: '', regexScanReplacement: '',
  symbologies: [], autoNextScan: 0, autoNextScanDelay: 1, enableGps: false, blockCameraScan: false, blockManualScan: false, blockDbSearch: false,
  autoSync: false, autoSyncUpUrl: '', autoSyncUpDelay: 2, autoSyncDown: true, autoSyncDownDelay: 120, decoderConfig: null, conditionalLimit: null,
};

function service(patch: Partial<Service> = {}, settingsPatch: Partial<Service['settings']> = {}): Service {
  return {
    id: 7, name: 'Gate A', validationMethod: 'database', databaseId: 3, postbackUrl: '', description: '', duplicateValue: false,
    settings: { ...settings, ...settingsPatch }, userIds: [], questions: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', ...patch,
  };
}

describe('the type step (basics)', () => {
  it('builds create variables per type and checks what the type needs', () => {
    expect(basicsVariables({ ...newBasicsForm('database'), name: ' Gate A ', databaseId: '3' })).toEqual({
      variables: { validation_method: 'database', service_name: 'Gate A', database_id: 3, duplicate_value: false },
      issues: [],
    });
    // A blank name on create is left out: the server calls it "Service N".
    expect(basicsVariables(newBasicsForm('record')).variables).toEqual({ validation_method: 'record' });
    const missing = basicsVariables({ ...newBasicsForm('database'), name: 'a<b' });
    expect(placeIssues(missing.issues, basicsFieldKeys).fields).toEqual({ name: 'Leave out < and >', databaseId: 'Pick the database that holds the valid values' });
    expect(basicsVariables({ ...newBasicsForm('postback'), postbackUrl: 'ftp://x' }).issues[0]?.path).toBe('postbackUrl');
    expect(basicsVariables({ ...newBasicsForm('postback'), postbackUrl: ' https://example.com/hook ' }).variables).toEqual({ validation_method: 'postback', postback_url: 'https://example.com/hook' });
    expect(basicsVariables({ ...newBasicsForm('ondevicedatabase'), databaseId: '4', duplicates: 'valid', deviceDuplicates: false }).variables).toMatchObject({ duplicate_value: true, device_duplicate_value: false });
  });

  it('stores web content as <curl> or <html> and reads it back', () => {
    expect(basicsVariables({ ...newBasicsForm('webview'), webUrl: 'https://example.com/menu' }).variables).toMatchObject({ description: '<curl>https://example.com/menu</curl>' });
    expect(basicsVariables({ ...newBasicsForm('webview'), webKind: 'html', webHtml: '<html lang="en"></html>' }).issues[0]?.path).toBe('webHtml');
    expect(webContentValue({ webKind: 'html', webUrl: '', webHtml: ' <html><b>Hi</b></html> ' })).toEqual({ value: '<html><b>Hi</b></html>' });
    expect(parseWebContent('<curl>https://a.example/</curl>')).toMatchObject({ webKind: 'url', webUrl: 'https://a.example/' });
    const webview = service({ validationMethod: 'webview', databaseId: null, description: '<html><p>x</p></html>' });
    expect(basicsToForm(webview)).toMatchObject({ webKind: 'html', webHtml: '<html><p>x</p></html>', description: '' });
    // Turning a webview into a record service drops its HTML.
    expect(basicsVariables({ ...basicsToForm(webview), type: 'record' }, webview).variables).toMatchObject({ validation_method: 'record', description: '' });
  });

  it('on update: requires a name, keeps an unchanged description out, switches off what the new type refuses', () => {
    const current = service({ validationMethod: 'record', databaseId: null, postbackUrl: 'https://example.com/in', description: 'North door' }, { postbackRealTimeScans: true });
    const form = basicsToForm(current);
    expect(basicsVariables(form, current).variables).toEqual({ validation_method: 'record', service_name: 'Gate A' });
    expect(basicsVariables({ ...form, name: '' }, current).issues).toEqual([{ path: 'name', message: 'Give the service a name' }]);
    expect(basicsVariables({ ...form, type: 'postback' }, current).variables).toEqual({
      validation_method: 'postback', service_name: 'Gate A', postback_url: 'https://example.com/in', postback_real_time_scans: false,
    });
    const postback = service({ validationMethod: 'postback', databaseId: null, postbackUrl: 'https://example.com/in' }, { enableDirectScan: true });
    expect(basicsVariables({ ...basicsToForm(postback), type: 'record' }, postback).variables).toMatchObject({ enable_direct_scan: false });
  });
});

describe('the advanced tab', () => {
  it('sends nothing for an unchanged form, even when its period has ended', () => {
    const ended = service({}, { periodStartDate: '2020-01-01', periodEndDate: '2020-01-31' });
    expect(advancedVariables(ended, advancedToForm(ended))).toEqual({ variables: {}, issues: [] });
  });

  it('sends the period as a group, and clears it', () => {
    const s = service();
    const on = { ...advancedToForm(s), periodOn: true, startDate: '2030-05-01', endDate: '2030-05-03', startTime: '08:00' };
    expect(advancedVariables(s, on).variables).toEqual({ period_start_date: '2030-05-01', period_end_date: '2030-05-03', period_start_time: '08:00:00', period_end_time: '23:59:59' });
    const backwards = advancedVariables(s, { ...on, endDate: '2030-04-30' });
    expect(backwards.issues).toEqual([{ path: 'endDate', message: 'The end is before the start' }]);
    const withPeriod = service({}, { periodStartDate: '2030-05-01', periodEndDate: '2030-05-03' });
    expect(advancedVariables(withPeriod, { ...advancedToForm(withPeriod), periodOn: false }).variables).toEqual({
      period_start_date: '', period_end_date: '', period_start_time: '00:00:00', period_end_time: '23:59:59',
    });
  });

  it('sends the scans-per-value limit, checks it, and turns it off', () => {
    const s = service();
    const on = { ...advancedToForm(s), limitOn: true, limitMax: '2', limitWindow: 'day' as const };
    expect(advancedVariables(s, on).variables).toEqual({ conditional_limit: '2', conditional_limit_window: 'day' });
    expect(advancedVariables(s, { ...on, limitMax: 'lots' }).issues).toEqual([{ path: 'limitMax', message: 'Enter a whole number of scans, from 1 to 1,000,000' }]);
    const limited = service({}, { conditionalLimit: { maxScans: 3, window: 'week' } });
    expect(advancedToForm(limited)).toMatchObject({ limitOn: true, limitMax: '3', limitWindow: 'week' });
    expect(advancedVariables(limited, { ...advancedToForm(limited), limitOn: false }).variables).toEqual({ conditional_limit: '0' });
  });

  it('sends regex pairs together, symbologies as a list or the default set, and checks JSON, numbers and addresses', () => {
    const s = service({}, { symbologies: [34] });
    const form = advancedToForm(s);
    expect(form.symbologyMode).toBe('custom');
    expect(advancedVariables(s, { ...form, scanPattern: '^0+' }).variables).toEqual({ regex_scan_pattern: '^0+', regex_scan_replacement: '' });
    expect(advancedVariables(s, { ...form, symbologies: [34, 6] }).variables).toEqual({ symbologies: '6,34' });
    expect(advancedVariables(s, { ...form, symbologyMode: 'default' }).variables).toEqual({ symbologies: '' });
    expect(advancedVariables(s, { ...form, decoderConfig: '' }).variables).toEqual({});
    expect(advancedVariables(s, { ...form, decoderConfig: '{"beep":true}', enableGps: true, autoNext: '2', autoNextDelay: '1.5' }).variables).toEqual({
      decoder_config: '{"beep":true}', enableGPS: true, auto_next_scan: 2, auto_next_scan_delay: 1.5,
    });
    const bad = advancedVariables(s, { ...form, scanPattern: '(', decoderConfig: '{beep}', autoNextDelay: '-1', directLookupUrl: 'example.com', symbologies: [], uploadEmail: 'x@' });
    expect(Object.keys(placeIssues(bad.issues, advancedFieldKeys).fields).sort()).toEqual(['autoNextDelay', 'decoderConfig', 'directLookupUrl', 'scanPattern', 'symbologies', 'uploadEmail']);
    const cleared = service({}, { decoderConfig: '{"a":1}' });
    expect(advancedVariables(cleared, { ...advancedToForm(cleared), decoderConfig: ' ' }).variables).toEqual({ decoder_config: '{}' });
  });

  it('forwards scans of non-postback types only with an address; direct scan is for postback types', () => {
    const s = service();
    const form = advancedToForm(s);
    expect(advancedVariables(s, { ...form, forwardRealTime: true }).issues[0]?.path).toBe('forwardUrl');
    expect(advancedVariables(s, { ...form, forwardRealTime: true, forwardUrl: 'https://example.com/copy' }).variables).toEqual({ postback_url: 'https://example.com/copy', postback_real_time_scans: true });
    const postback = service({ validationMethod: 'postback', databaseId: null, postbackUrl: 'https://example.com/in' });
    const pForm = advancedToForm(postback);
    expect(pForm.forwardUrl).toBe('');
    expect(advancedVariables(postback, { ...pForm, directScan: true }).variables).toEqual({ enable_direct_scan: true });
  });

  it('has a name for every barcode type 1-49', () => {
    const ids = symbologyGroups.flatMap((group) => group.items.map((item) => item.id)).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
  });
});

describe('server messages on fields', () => {
  it('puts variable messages on their field in the form’s words', () => {
    expect(placeServiceMessage('postback_url must start with http:// or https://.')).toEqual({ path: 'postbackUrl', message: 'The address must start with http:// or https://.' });
    expect(placeServiceMessage('These postback options need a postback_url.', { forwarding: true })).toEqual({ path: 'forwardUrl', message: 'These postback options need a web address.' });
    expect(placeServiceMessage('A service named "Gate" already exists.').path).toBe('name');
    expect(placeServiceMessage('Database 9 does not exist.').path).toBe('databaseId');
    expect(placeServiceMessage('A database service needs database_id.')).toEqual({ path: 'databaseId', message: 'A database service needs a database.' });
    expect(placeServiceMessage('The stop date must be in the future.').path).toBe('endDate');
    expect(placeServiceMessage('period_end_date is missing.')).toEqual({ path: 'endDate', message: 'The last day is missing.' });
    expect(placeServiceMessage('The regex pattern "(" is not a valid regular expression.', { scanPattern: 'a', responsePattern: '(' }).path).toBe('responsePattern');
    expect(placeServiceMessage('Service 4 does not exist.').path).toBe('');
  });

  it('keeps other failures for the whole form', () => {
    expect(serviceErrorIssues(new V2Error('NETWORK', 'Could not reach Scanbase.', 0))).toEqual([{ path: '', message: 'Could not reach Scanbase.' }]);
    expect(serviceErrorIssues(new V2Error('VALIDATION_FAILED', 'Some fields are not valid.', 422, [{ path: 'variables.x', message: 'Too long' }]))).toEqual([{ path: 'variables.x', message: 'Too long' }]);
    expect(serviceErrorIssues(new V2Error('CONFLICT', 'A service named "A" already exists.', 409))[0]?.path).toBe('name');
  });
});

describe('service questions', () => {
  it('attaches once, moves within bounds and changes one row', () => {
    const rows = questionRows(service({ questions: [{ id: 1, condition: 'shared_submit', required: false }] }));
    const two = attachQuestion(attachQuestion(rows, 2), 2);
    expect(two).toEqual([{ id: 1, condition: 'shared_submit', required: false }, { id: 2, condition: 'pre_submit', required: true }]);
    expect(moveQuestion(two, 1, -1).map((row) => row.id)).toEqual([2, 1]);
    expect(moveQuestion(two, 1, 1).map((row) => row.id)).toEqual([1, 2]);
    expect(changeQuestion(two, 1, { condition: 'invalid_scan', required: true })[0]).toEqual({ id: 1, condition: 'invalid_scan', required: true });
  });
});
