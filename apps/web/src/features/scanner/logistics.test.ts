import type { AppService } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import { isFinalStage, logisticsOptions, logisticsProperties, missingProof, proofAnswers, withoutProof } from './logistics';

const question = (id: number, type: string, condition = 'pre_submit') => ({ id, text: `Q${id}`, type, condition, required: false, answers: [] }) as unknown as AppService['questions'][number];
const service = (specialized: AppService['specialized'], questions = [question(1, 'dropboximage'), question(2, 'datasignature'), question(3, 'manual')]) => ({ id: 9, questions, specialized }) as unknown as AppService;

describe('scanner logistics', () => {
  it('reads the stages and the proof questions of a logistics service only', () => {
    const opts = logisticsOptions(service({ type: 'logistics', options: { logistics: { stages: ['Picked up', 'Delivered'] } } }))!;
    expect(opts.stages).toEqual(['Picked up', 'Delivered']);
    expect([opts.photo?.id, opts.signature?.id]).toEqual([1, 2]);
    expect(isFinalStage(opts, 'Delivered')).toBe(true);
    expect(isFinalStage(opts, 'Picked up')).toBe(false);
    expect(withoutProof(service(null).questions, opts).map((q) => q.id)).toEqual([3]);
    expect(logisticsOptions(service({ type: 'check-in-out', options: {} }))).toBeNull();
    expect(logisticsOptions(service(null))).toBeNull();
  });

  it('names what a delivery misses and sends the proof as answers and properties', () => {
    const opts = logisticsOptions(service({ type: 'logistics', options: { logistics: { stages: ['A', 'B'] } } }))!;
    expect(missingProof(opts, { recipient: ' ', photo: null, signature: 'data:sig' })).toEqual(['a photo', "the recipient's name"]);
    expect(missingProof(opts, { recipient: 'Ada', photo: 'data:p', signature: 'data:s' })).toEqual([]);
    expect(proofAnswers(opts, { recipient: 'Ada', photo: 'data:p', signature: 'data:s' })).toEqual([{ questionId: 1, values: [], image: 'data:p' }, { questionId: 2, values: [], image: 'data:s' }]);
    expect(logisticsProperties('B', ' Ada ')).toEqual({ stage: 'B', recipient: 'Ada' });
    expect(logisticsProperties('A', null)).toEqual({ stage: 'A' });
  });
});
