import { webhookEventTypes } from '@scanbase/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { deliveryLabel, eventGroups, formBody, formIssues, initialForm, prettyJson, subscriptionState, usesServiceFilter } from './webhook-form';

describe('webhook form', () => {
  it('groups every event once', () => {
    expect(eventGroups.flatMap((g) => g.events).sort()).toEqual([...webhookEventTypes].sort());
  });

  it('checks the URL and the events', () => {
    expect(formIssues({ ...initialForm(), url: '' }).url).toMatch(/Enter/);
    expect(formIssues({ ...initialForm(), url: 'ftp://x.example' }).url).toMatch(/http/);
    expect(formIssues({ ...initialForm(), url: 'https://x.example/hook', events: [] })).toEqual({ events: 'Choose at least one event' });
    expect(formIssues({ ...initialForm(), url: 'https://x.example/hook' })).toEqual({});
  });

  it('sends a service filter only with scan or upload events, events in the contract order', () => {
    expect(usesServiceFilter(['database_value.created'])).toBe(false);
    expect(formBody({ url: ' https://x.example ', description: ' ERP ', events: ['database_value.created'], serviceIds: [3] })).toEqual({ url: 'https://x.example', description: 'ERP', events: ['database_value.created'], serviceIds: [] });
    expect(formBody({ url: 'https://x.example', description: '', events: ['app_user.created', 'scan.created'], serviceIds: [3] }).events).toEqual(['scan.created', 'app_user.created']);
    expect(formBody({ url: 'https://x.example', description: '', events: ['scan.created'], serviceIds: [3] }).serviceIds).toEqual([3]);
  });

  it('names states and deliveries', () => {
    expect(subscriptionState({ active: true, pausedReason: null, failingSince: null }).label).toBe('Active');
    expect(subscriptionState({ active: true, pausedReason: null, failingSince: '2026-01-01T00:00:00Z' }).tone).toBe('warn');
    expect(subscriptionState({ active: false, pausedReason: 'failing', failingSince: null }).label).toMatch(/kept failing/);
    expect(deliveryLabel({ status: 'pending', attempts: 2 })).toBe('Retrying (2 failed)');
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('not json')).toBe('not json');
  });
});
