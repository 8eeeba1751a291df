import type { AppQuestion, AppService } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../session/storage';
import { checklistApplies, directionOptions, directionProperties, movedDirection, questionsFor, rememberDirection, rememberedDirection } from './check-in-out';
import { resultView, viewColour } from './result-view';
import { capture, scanBody } from './scan-submit';

const q = (id: number): AppQuestion => ({ id, text: `Question ${id}`, type: 'manual', condition: 'pre_submit', required: false, answers: [] });

function service(options: Record<string, unknown> | null): AppService {
  return {
    id: 9, name: 'Door', validationMethod: 'record', description: '', databaseId: null, symbologies: [], enableGps: false, autoNextScan: 2, autoNextScanDelay: 1,
    blockCameraScan: false, blockManualScan: false, questions: [], specialized: options ? { type: 'check-in-out', options } : null,
  };
}

describe('check in/out on the scanner', () => {
  it('reads the options of a typed service and nothing of an ordinary one', () => {
    expect(directionOptions(service(null))).toEqual({ direction: null, checklist: null, questionsAt: {} });
    const o = directionOptions(service({ direction: 'confirm', checklist: { when: 'out', items: ['Keys'] }, questionsAt: { '4': 'in' } }));
    expect(o).toEqual({ direction: 'confirm', checklist: { when: 'out', items: ['Keys'] }, questionsAt: { '4': 'in' } });
    // An empty checklist is no checklist; a strange direction is none.
    expect(directionOptions(service({ direction: 'sideways', checklist: { when: 'in', items: [] } }))).toMatchObject({ direction: null, checklist: null });
  });

  it('asks the checklist for its direction (always when the server decides) and the questions meant for the direction', () => {
    const o = directionOptions(service({ direction: 'fast', checklist: { when: 'out', items: ['Keys'] }, questionsAt: { '1': 'in', '2': 'out' } }));
    expect(checklistApplies(o, 'out')).toBe(true);
    expect(checklistApplies(o, 'in')).toBe(false);
    expect(checklistApplies(o, null)).toBe(true);
    expect(questionsFor([q(1), q(2), q(3)], o, 'in').map((x) => x.id)).toEqual([1, 3]);
    expect(questionsFor([q(1), q(2), q(3)], o, null).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('sends the choices as scan properties (kept in the offline queue with the scan)', () => {
    const body = scanBody(service({ direction: 'fast' }), capture('B-1', 'manual'), [], null, 'UTC', directionProperties('out', ['Keys']));
    expect(body.properties).toEqual({ direction: 'out', checklist: '["Keys"]', capture_type: 'manual', time_zone: 'UTC' });
    expect(directionProperties(null, null)).toEqual({});
  });

  it('remembers the Fast direction per service', () => {
    const store = createMemoryStore();
    expect(rememberedDirection(store, 9)).toBe('in');
    rememberDirection(store, 9, 'out');
    expect(rememberedDirection(store, 9)).toBe('out');
    expect(rememberedDirection(store, 10)).toBe('in');
  });

  it('shows IN green, OUT blue and a refusal red', () => {
    const base = { clientScanId: 'c', scanId: 1, text: 'Checked in.', textKind: 'text' as const, duplicate: false, followUpQuestionIds: [], replayed: false };
    const inView = resultView('B', { kind: 'result', result: { ...base, status: 1, outcome: { direction: 'in' } } });
    expect(inView).toMatchObject({ tone: 'valid', title: 'IN', moved: 'in' });
    const outView = resultView('B', { kind: 'result', result: { ...base, status: 1, outcome: { direction: 'out' } } });
    expect(outView).toMatchObject({ title: 'OUT', moved: 'out' });
    expect(viewColour(outView)).not.toBe(viewColour(inView));
    const refused = resultView('B', { kind: 'result', result: { ...base, status: 0, text: 'Already in since 09:12 by gate', outcome: { direction: 'in' } } });
    expect(refused).toMatchObject({ tone: 'invalid', title: 'Not checked in' });
    expect(movedDirection({ ...base, status: 0, outcome: { direction: 'in' } })).toBeNull();
    expect(movedDirection({ ...base, status: 1, outcome: { direction: 'out' } })).toBe('out');
  });
});
