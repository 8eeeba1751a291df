import type { AppQuestion, AppService, ScanInput, ScanResult } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import { V2Error } from '../../api/v2-client';
import { createMemoryStore } from '../../session/storage';
import { WedgeDetector, isEditableTarget } from './keyboard-wedge';
import { MemoryQueueStore, ScanQueue, isPassingFailure } from './offline-queue';
import { answerInputs, answerIssue, followUpQuestions, localFollowUps, preSubmitQuestions, sharedQuestions } from './question-flow';
import { capture, gpsText, scanBody, submitScan, webContent } from './scan-submit';
import { ScannerSession, scannerKeys } from './scanner-session';

const q = (id: number, condition: AppQuestion['condition'], extra: Partial<AppQuestion> = {}): AppQuestion => ({
  id,
  text: `Question ${id}`,
  type: 'manual',
  condition,
  required: false,
  answers: [],
  ...extra,
});

function service(questions: AppQuestion[] = [], extra: Partial<AppService> = {}): AppService {
  return {
    id: 7,
    name: 'Gate',
    validationMethod: 'database',
    description: '',
    databaseId: 3,
    symbologies: [],
    enableGps: false,
    autoNextScan: 2,
    autoNextScanDelay: 1,
    blockCameraScan: false,
    blockManualScan: false,
    questions,
    specialized: null,
    ...extra,
  };
}

describe('question order by condition', () => {
  const questions = [q(1, 'valid_scan'), q(2, 'pre_submit'), q(3, 'shared_submit'), q(4, 'post_submit'), q(5, 'invalid_scan'), q(6, 'pre_submit'), q(7, 'post_submit')];
  const gate = service(questions);

  it('asks shared_submit once and pre_submit before each scan, each in service order', () => {
    expect(sharedQuestions(gate).map((x) => x.id)).toEqual([3]);
    expect(preSubmitQuestions(gate).map((x) => x.id)).toEqual([2, 6]);
  });

  it('asks post_submit before valid_scan / invalid_scan, only those the server named', () => {
    expect(followUpQuestions(gate, [1, 4, 7]).map((x) => x.id)).toEqual([4, 7, 1]);
    expect(followUpQuestions(gate, [5, 4]).map((x) => x.id)).toEqual([4, 5]);
    // Ids of other conditions (or unknown ids) are never asked after the result.
    expect(followUpQuestions(gate, [2, 3, 99])).toEqual([]);
  });

  it('works the follow-ups out on the device when the server could not judge the scan', () => {
    expect(localFollowUps(gate, null).map((x) => x.id)).toEqual([4, 7]);
    expect(localFollowUps(gate, 1).map((x) => x.id)).toEqual([4, 7, 1]);
    expect(localFollowUps(gate, 0).map((x) => x.id)).toEqual([4, 7, 5]);
    expect(localFollowUps(gate, -1).map((x) => x.id)).toEqual([4, 7]);
  });

  it('requires answers to required questions and numbers for numeric ones', () => {
    expect(answerIssue(q(1, 'pre_submit', { required: true }), undefined)).toBe('This question needs an answer');
    expect(answerIssue(q(1, 'pre_submit', { required: true }), { values: ['  '] })).toBe('This question needs an answer');
    expect(answerIssue(q(1, 'pre_submit', { required: true, type: 'datasignature' }), { values: [], image: 'data:image/png;base64,AA' })).toBeNull();
    expect(answerIssue(q(1, 'pre_submit'), undefined)).toBeNull();
    expect(answerIssue(q(1, 'pre_submit', { type: 'manualnumeric' }), { values: ['12.5'] })).toBeNull();
    expect(answerIssue(q(1, 'pre_submit', { type: 'manualnumeric' }), { values: ['twelve'] })).toBe('Enter a number');
  });

  it('sends answered questions only, trimmed, with images', () => {
    const asked = [q(1, 'pre_submit'), q(2, 'pre_submit'), q(3, 'pre_submit')];
    expect(answerInputs(asked, { 1: { values: [' yes ', ''] }, 2: { values: [] }, 3: { values: [], image: 'data:image/png;base64,AA' } })).toEqual([
      { questionId: 1, values: ['yes'] },
      { questionId: 3, values: [], image: 'data:image/png;base64,AA' },
    ]);
  });
});

describe('keyboard-wedge detection', () => {
  const type = (detector: WedgeDetector, text: string, start: number, gap: number) => {
    let at = start;
    let result: string | null = null;
    for (const key of [...text.split(''), 'Enter']) {
      result = detector.key(key, at);
      at += gap;
    }
    return result;
  };

  it('takes a fast burst ending in Enter as a scan', () => {
    expect(type(new WedgeDetector(), 'TICKET-0042', 0, 8)).toBe('TICKET-0042');
  });

  it('ignores people typing, short bursts and a slow Enter', () => {
    expect(type(new WedgeDetector(), 'hello', 0, 150)).toBeNull();
    expect(type(new WedgeDetector(), 'ab', 0, 5)).toBeNull();
    const detector = new WedgeDetector();
    for (const [i, key] of [...'12345'].entries()) detector.key(key, i * 5);
    expect(detector.key('Enter', 500)).toBeNull();
  });

  it('starts a new burst after a pause, and Shift does not break one', () => {
    const detector = new WedgeDetector();
    detector.key('x', 0);
    detector.key('y', 1000);
    let at = 2000;
    for (const key of ['Shift', 'A', 'Shift', 'B', 'c', 'd']) detector.key(key, (at += 5));
    expect(detector.key('Enter', at + 5)).toBe('ABcd');
    expect(detector.pending).toBe('');
  });

  it('knows editable targets', () => {
    const input = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isEditableTarget(input)).toBe(true);
    expect(isEditableTarget(checkbox)).toBe(false);
    expect(isEditableTarget(document.createElement('textarea'))).toBe(true);
    expect(isEditableTarget(document.body)).toBe(false);
  });
});

const result = (scan: ScanInput, status: 1 | 0 | -1 = 1): ScanResult => ({
  clientScanId: scan.clientScanId,
  scanId: 1,
  status,
  text: 'OK',
  textKind: 'text',
  duplicate: false,
  followUpQuestionIds: [],
  replayed: false,
});

function scanOf(id: string): ScanInput & { scannedAt: string } {
  return { serviceId: 7, value: id, clientScanId: `client-${id}`, scannedAt: '2026-01-01T00:00:00.000Z', answers: [], properties: {} };
}

describe('offline queue', () => {
  it('sends waiting scans in batches and removes them only when their results are back', async () => {
    const store = new MemoryQueueStore();
    const batches: string[][] = [];
    const queue = new ScanQueue({ store, batchSize: 2, upload: async (scans) => (batches.push(scans.map((s) => s.value)), scans.map((s) => result(s))) });
    for (const id of ['a', 'b', 'c']) await queue.add(1, scanOf(id));
    await queue.add(2, scanOf('other-user'));
    expect(queue.getCounts()).toMatchObject({ waiting: 1, rejected: 0 });
    expect(await queue.refresh(1)).toMatchObject({ waiting: 3, rejected: 0 });

    const outcome = await queue.sync(1);
    expect(outcome.kind).toBe('synced');
    expect(batches).toEqual([['a', 'b'], ['c']]);
    expect(queue.getCounts()).toMatchObject({ waiting: 0, rejected: 0 });
    // Another user's scans wait for that user's token.
    expect((await store.list()).map((item) => item.scan.value)).toEqual(['other-user']);
  });

  it('keeps everything when the connection fails, and a retry sends the same client scan ids', async () => {
    const store = new MemoryQueueStore();
    let online = false;
    const sent: string[] = [];
    const queue = new ScanQueue({
      store,
      upload: async (scans) => {
        if (!online) throw new V2Error('NETWORK', 'offline', 0);
        sent.push(...scans.map((s) => s.clientScanId));
        return scans.map((s) => result(s));
      },
    });
    for (const id of ['a', 'b', 'c']) await queue.add(1, scanOf(id));
    expect((await queue.sync(1)).kind).toBe('offline');
    expect(queue.getCounts().waiting).toBe(3);
    expect((await store.list()).every((item) => item.attempts === 1)).toBe(true);
    online = true;
    expect((await queue.sync(1)).kind).toBe('synced');
    expect(sent).toEqual(['client-a', 'client-b', 'client-c']);
    expect(queue.getCounts().waiting).toBe(0);
  });

  it('joins a sync already running instead of sending twice', async () => {
    let calls = 0;
    const queue = new ScanQueue({ store: new MemoryQueueStore(), upload: async (scans) => (calls++, scans.map((s) => result(s))) });
    await queue.add(1, scanOf('a'));
    const [first, second] = await Promise.all([queue.sync(1), queue.sync(1)]);
    expect(first).toBe(second);
    expect(calls).toBe(1);
    // The scans sent are counted once, however many callers joined the run.
    expect(queue.getCounts().sent).toBe(1);
  });

  it('sets aside the one scan the server refuses and sends the rest', async () => {
    const queue = new ScanQueue({
      store: new MemoryQueueStore(),
      upload: async (scans) => {
        if (scans.some((s) => s.value === 'bad')) throw new V2Error('VALIDATION_FAILED', 'Service not found', 422);
        return scans.map((s) => result(s));
      },
    });
    for (const id of ['a', 'bad', 'c', 'd']) await queue.add(1, scanOf(id));
    const outcome = await queue.sync(1);
    expect(outcome.kind).toBe('synced');
    expect(outcome.kind === 'synced' ? outcome.results.map((r) => r.clientScanId) : []).toEqual(['client-a', 'client-c', 'client-d']);
    expect(queue.getCounts()).toMatchObject({ waiting: 0, rejected: 1 });
    const [rejected] = await queue.rejected(1);
    expect(rejected?.rejected).toBe('Service not found');
    await queue.discard(1, ['client-bad']);
    expect(queue.getCounts()).toMatchObject({ waiting: 0, rejected: 0 });
  });

  it('stops when the token is refused and keeps the scans', async () => {
    const queue = new ScanQueue({ store: new MemoryQueueStore(), upload: async () => Promise.reject(new V2Error('AUTH_FAILED', 'Sign in again', 401)) });
    await queue.add(1, scanOf('a'));
    expect((await queue.sync(1)).kind).toBe('signed-out');
    expect(queue.getCounts().waiting).toBe(1);
  });

  it('tells passing failures from refusals', () => {
    expect(isPassingFailure(new V2Error('NETWORK', '', 0))).toBe(true);
    expect(isPassingFailure(new V2Error('ERROR_MAINTENANCE', '', 503))).toBe(true);
    expect(isPassingFailure(new V2Error('UNKNOWN', '', 502))).toBe(true);
    expect(isPassingFailure(new V2Error('VALIDATION_FAILED', '', 422))).toBe(false);
    expect(isPassingFailure(new V2Error('NOT_FOUND', '', 404))).toBe(false);
  });
});

describe('submitting a scan', () => {
  const taken = capture('T-1', 'camera', new Date('2026-03-01T10:00:00Z'), () => 'uuid-1');

  it('gives each capture a time-ordered id (UUID version 7): later captures sort after earlier ones', () => {
    const before = Date.now();
    const ids = Array.from({ length: 50 }, () => capture('T-2', 'camera').clientScanId);
    const after = Date.now();
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // It starts with the capture's millisecond, so ids from different milliseconds sort by time too.
      const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
      expect(ms).toBeGreaterThanOrEqual(before);
      expect(ms).toBeLessThanOrEqual(after);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Within a millisecond too.
    expect([...ids].sort()).toEqual(ids);
  });

  it('builds the body with capture type, time zone and GPS when the service asks for it', () => {
    expect(scanBody(service([], { enableGps: true }), taken, [], { latitude: 52.3702157, longitude: 4.8951679 }, 'Europe/Amsterdam')).toEqual({
      serviceId: 7,
      value: 'T-1',
      clientScanId: 'uuid-1',
      scannedAt: '2026-03-01T10:00:00.000Z',
      answers: [],
      properties: { capture_type: 'camera', time_zone: 'Europe/Amsterdam', gps_location: '52.370216,4.895168' },
    });
    expect(scanBody(service(), taken, [], { latitude: 1, longitude: 2 }, 'UTC').properties).toEqual({ capture_type: 'camera', time_zone: 'UTC' });
    expect(gpsText({ latitude: -1.5, longitude: 0 })).toBe('-1.500000,0.000000');
  });

  it('sends online, queues offline, queues when the request fails on the way, and reports refusals', async () => {
    const body = scanBody(service(), taken, [], null, 'UTC');
    const queued: string[] = [];
    const enqueue = async (scan: ScanInput) => void queued.push(scan.clientScanId);
    expect(await submitScan(service(), body, { online: true, enqueue, send: async (scan) => result(scan, 0) })).toMatchObject({ kind: 'result', result: { status: 0 } });
    expect(await submitScan(service(), body, { online: false, enqueue, send: () => Promise.reject(new Error('not called')) })).toEqual({ kind: 'queued', reason: 'offline' });
    expect(await submitScan(service(), body, { online: true, enqueue, send: () => Promise.reject(new V2Error('NETWORK', 'x', 0)) })).toEqual({ kind: 'queued', reason: 'offline' });
    expect(await submitScan(service([], { validationMethod: 'ondevicerecord' }), body, { online: true, enqueue, send: () => Promise.reject(new Error('not called')) })).toEqual({ kind: 'queued', reason: 'on-device' });
    const refused = await submitScan(service(), body, { online: true, enqueue, send: () => Promise.reject(new V2Error('VALIDATION_FAILED', 'Scan or type a value', 422)) });
    expect(refused.kind).toBe('refused');
    expect(queued).toEqual(['uuid-1', 'uuid-1', 'uuid-1']);
  });

  it('reads webview content', () => {
    expect(webContent('<curl>https://example.com/x</curl>')).toEqual({ kind: 'url', url: 'https://example.com/x' });
    expect(webContent('<curl>javascript:alert(1)</curl>')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(webContent('<html><body>Hi</body></html>')).toEqual({ kind: 'html', html: '<html><body>Hi</body></html>' });
    expect(webContent('Plain words')).toEqual({ kind: 'text', text: 'Plain words' });
  });
});

describe('scanner session', () => {
  it('keeps its own keys, a stable device id and the profile for offline starts', () => {
    const store = createMemoryStore();
    store.setItem('token', 'admin-token');
    let n = 0;
    const session = new ScannerSession(store, () => `id-${++n}`);
    expect(session.token).toBeNull();
    expect(session.udid).toBe('web-id-1');
    expect(session.udid).toBe('web-id-1');
    session.signedIn('app-token', { user: { id: 4, username: 'gate1' }, device: { id: 9, udid: 'web-id-1', name: 'Phone' }, services: [service()] }, 'Phone');
    expect(session.token).toBe('app-token');
    expect(session.profile?.services.map((s) => s.name)).toEqual(['Gate']);
    session.chooseService(7);
    session.clear();
    expect(session.token).toBeNull();
    expect(session.profile).toBeNull();
    expect(session.serviceId).toBeNull();
    expect(session.udid).toBe('web-id-1');
    expect(session.deviceName).toBe('Phone');
    expect(store.getItem('token')).toBe('admin-token');
    expect(store.getItem(scannerKeys.token)).toBeNull();
  });
});

describe('result screen', () => {
  it('is green, red or neutral, and says "Saved, will sync" offline', async () => {
    const { resultView, autoNext, autoNextDelayMs } = await import('./result-view');
    const base = { clientScanId: 'c', scanId: 1, text: 'Welcome', textKind: 'text' as const, duplicate: false, followUpQuestionIds: [], replayed: false };
    expect(resultView('A', { kind: 'result', result: { ...base, status: 1 } })).toMatchObject({ tone: 'valid', title: 'Valid', text: 'Welcome' });
    expect(resultView('A', { kind: 'result', result: { ...base, status: 0, duplicate: true } })).toMatchObject({ tone: 'invalid', title: 'Invalid: duplicate' });
    expect(resultView('A', { kind: 'result', result: { ...base, status: -1 } })).toMatchObject({ tone: 'neutral', title: 'Recorded' });
    const saved = resultView('A', { kind: 'queued', reason: 'offline' });
    expect(saved).toMatchObject({ tone: 'neutral', title: 'Saved, will sync' });
    const invalid = resultView('A', { kind: 'result', result: { ...base, status: 0 } });
    // Continuous mode goes on by itself, except after an invalid scan on "only when valid", or while questions wait.
    expect(autoNext(true, 2, invalid, false)).toBe(true);
    expect(autoNext(true, 1, invalid, false)).toBe(false);
    expect(autoNext(true, 1, saved, false)).toBe(true);
    expect(autoNext(true, 2, saved, true)).toBe(false);
    expect(autoNext(false, 2, saved, false)).toBe(false);
    expect(autoNextDelayMs(0)).toBe(1500);
    expect(autoNextDelayMs(2)).toBe(2000);
  });
});
