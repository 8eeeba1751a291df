import { legacyAction } from '../../platform/http/legacy/legacy-bridge.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { el, textEl } from '../../platform/xml/xml-writer.js';
import type { QuestionsService } from './questions.service.js';

/** The `questions` section: prompts asked at scan time and their answers. */
export function questionsLegacy(service: QuestionsService): Record<string, LegacySection> {
  return {
    questions: {
      actions: {
        retrieve: legacyAction(async ({ params, auth }) => {
          const rows = await service.resolve(auth.accountId, params.idList('question_id', 262) ?? 'all');
          const infos = await service.describe(auth.accountId, rows);
          return [textEl('count', infos.length), ...infos.map((q) => el('question', { id: q.id }, textEl('text', q.text), textEl('type', q.type), q.answers.map((a) => textEl('answer', a.text, { id: a.id }))))];
        }),
        create: legacyAction(async ({ params, auth }) => {
          const id = await service.create(auth.accountId, { text: params.get('question_text'), type: params.get('question_type') });
          return [textEl('id', id)];
        }),
        delete: legacyAction(async ({ params, auth }) => {
          const ids = params.idList('question_id', 262);
          if (ids === undefined) throw new LegacyError(133, 'Missing question_id.');
          await service.delete(auth.accountId, ids);
          return [];
        }),
        addanswer: legacyAction(async ({ params, auth }) => {
          const ids = params.idList('question_id', 262);
          if (ids === undefined) throw new LegacyError(133, 'Missing question_id.');
          const created = await service.addAnswer(auth.accountId, ids, params.get('answer_text'));
          return created.map((id) => textEl('id', id));
        }),
        deleteanswer: legacyAction(async ({ params, auth }) => {
          const ids = params.idList('answer_id', 266);
          if (ids === undefined) throw new LegacyError(134, 'Missing answer_id.');
          if (ids === 'all') throw new LegacyError(266, 'Answer could not be deleted: name the answer ids.');
          await service.deleteAnswers(auth.accountId, ids);
          return [];
        }),
      },
    },
  };
}
