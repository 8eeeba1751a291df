import type { ScanDetail } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import { changeCount, changesOf, changeText, formatFullTime, newestFirst, parseScanId, placeScanIssues, scanEditSchema, scanToForm, splitAnswers, type ScanEditForm } from './scan-edit-form';

const scan: ScanDetail = {
  id: 42,
  value: 'TICKET-0042',
  response: 'Welcome',
  status: 1,
  service: { id: 3, name: 'Main gate', deleted: false },
  user: { id: 5, name: 'gate-1', deleted: false },
  device: { id: 8, name: 'Gate phone' },
  uploadId: null,
  scannedAt: '2026-03-14T08:26:53.000Z',
  receivedAt: '2026-03-14T08:26:54.000Z',
  modifiedAt: '2026-03-14T08:26:54.000Z',
  answers: [
    { answerId: 1, questionId: 10, questionText: 'Gate', answer: 'North', hasFile: false },
    { answerId: 2, questionId: 11, questionText: 'Extras', answer: 'Parking', hasFile: false },
    { answerId: 3, questionId: 11, questionText: 'Extras', answer: 'Lunch', hasFile: false },
    { answerId: 4, questionId: 12, questionText: 'Photo', answer: 'photo.jpg', hasFile: true },
  ],
  properties: { time_zone: 'Europe/Paris', capture_type: 'camera' },
};

const edit = (patch: (form: ScanEditForm) => void): ScanEditForm => {
  const form = structuredClone(scanToForm(scan));
  patch(form);
  return form;
};

describe('scan editor: the form', () => {
  it('groups answers by question and keeps photos and signatures apart', () => {
    const { text, files } = splitAnswers(scan.answers);
    expect(text).toEqual([
      { questionId: 10, questionText: 'Gate', values: [{ text: 'North' }] },
      { questionId: 11, questionText: 'Extras', values: [{ text: 'Parking' }, { text: 'Lunch' }] },
    ]);
    expect(files).toEqual([{ answerId: 4, questionId: 12, questionText: 'Photo' }]);
  });

  it('starts from the stored scan, properties by name', () => {
    const form = scanToForm(scan);
    expect(form).toMatchObject({ value: 'TICKET-0042', status: '1', response: 'Welcome' });
    expect(form.properties.map((p) => p.name)).toEqual(['capture_type', 'time_zone']);
  });

  it('sends nothing when nothing changed', () => {
    expect(changesOf(scan, scanToForm(scan))).toBeNull();
    // Spaces around the value and empty extra answer lines are not changes.
    expect(changesOf(scan, edit((f) => { f.value = ' TICKET-0042 '; f.answers[0]?.values.push({ text: ' ' }); }))).toBeNull();
  });

  it('sends only what changed', () => {
    const body = changesOf(scan, edit((f) => { f.status = '-1'; f.response = 'Seat 14B'; }));
    expect(body).toEqual({ id: 42, status: -1, response: 'Seat 14B' });
    expect(changeCount(body)).toBe(2);
  });

  it('sends a changed question with all its values, the others not at all', () => {
    const body = changesOf(scan, edit((f) => { f.answers[1]?.values.splice(0, 1); }));
    expect(body).toEqual({ id: 42, answers: [{ questionId: 11, values: ['Lunch'] }] });
    expect(changesOf(scan, edit((f) => { if (f.answers[0]) f.answers[0].values = [{ text: '' }]; }))).toEqual({ id: 42, answers: [{ questionId: 10, values: [] }] });
  });

  it('sends changed and new properties with their value and removed ones as null', () => {
    const body = changesOf(
      scan,
      edit((f) => {
        if (f.properties[0]) f.properties[0].removed = true;
        if (f.properties[1]) f.properties[1].value = 'UTC';
        f.properties.push({ name: ' gate ', value: 'North', original: null, removed: false }, { name: '', value: '', original: null, removed: false });
      }),
    );
    expect(body).toEqual({ id: 42, properties: { time_zone: 'UTC', gate: 'North', capture_type: null } });
  });

  it('treats a removed property added back with the same value as no change', () => {
    const form = edit((f) => {
      if (f.properties[0]) f.properties[0].removed = true;
      f.properties.push({ name: 'capture_type', value: 'camera', original: null, removed: false });
    });
    expect(changesOf(scan, form)).toBeNull();
    expect(scanEditSchema.safeParse(form).success).toBe(true);
  });

  it('asks for a value and for unique, named new properties', () => {
    const form = edit((f) => {
      f.value = '  ';
      f.properties.push({ name: '', value: 'x', original: null, removed: false }, { name: 'time_zone', value: 'UTC', original: null, removed: false });
    });
    const result = scanEditSchema.safeParse(form);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ value: 'A scan needs a value', 'properties.2.name': 'Name the property', 'properties.3.name': '"time_zone" is already a property of this scan' });
  });
});

describe('scan editor: server messages', () => {
  it('puts each issue on the field it is about', () => {
    const form = edit((f) => { if (f.answers[1]) f.answers[1].values = [{ text: 'Dinner' }]; });
    const body = changesOf(scan, form);
    if (!body) throw new Error('expected a change');
    const placed = placeScanIssues(
      [
        { path: 'value', message: 'Too long' },
        { path: 'answers.0', message: 'Unknown question' },
        { path: 'properties.time_zone', message: 'Too long' },
        { path: '', message: 'Something else' },
      ],
      body,
      form,
    );
    expect(placed.fields).toEqual([
      { path: 'value', message: 'Too long' },
      { path: 'answers.1.values.0.text', message: 'Unknown question' },
      { path: 'properties.1.value', message: 'Too long' },
    ]);
    expect(placed.general).toEqual(['Something else']);
  });
});

describe('scan editor: history and times', () => {
  it('lists the newest change first and shows multiple answers as a list', () => {
    const history = [
      { id: 1, at: '2026-03-14T09:00:00.000Z', editor: 'Olive', changes: [] },
      { id: 3, at: '2026-03-15T09:00:00.000Z', editor: 'Olive', changes: [] },
      { id: 2, at: '2026-03-15T09:00:00.000Z', editor: 'Max', changes: [] },
    ];
    expect(newestFirst(history).map((h) => h.id)).toEqual([3, 2, 1]);
    expect(changeText('Parking|^|Lunch')).toBe('Parking, Lunch');
    expect(changeText('')).toBe('(empty)');
  });

  it('formats times with seconds in the account time zone', () => {
    expect(formatFullTime('2026-03-14T08:26:53.000Z', 'Europe/Paris')).toBe('14 Mar 2026, 09:26:53');
    expect(formatFullTime('nonsense', 'UTC')).toBe('—');
  });

  it('reads the scan id of the address', () => {
    expect(parseScanId('42')).toBe(42);
    expect(parseScanId(undefined)).toBeNull();
    expect(parseScanId('0')).toBeNull();
    expect(parseScanId('4x')).toBeNull();
  });
});
