import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { QuestionsService } from './questions.service.js';

/** V2 routes of the questions screens. */
export function questionsV2(service: QuestionsService): V2Binding[] {
  return [
    bindV2(v2Routes.listQuestions, ({ session, body }) => service.list(session.accountId, body)),
    bindV2(v2Routes.getQuestion, ({ session, body }) => service.get(session.accountId, body.id)),
    bindV2(v2Routes.createQuestion, async ({ session, body }) => service.get(session.accountId, await service.create(session.accountId, body))),
    bindV2(v2Routes.updateQuestion, async ({ session, body }) => {
      await service.update(session.accountId, body.id, body);
      return service.get(session.accountId, body.id);
    }),
    bindV2(v2Routes.deleteQuestion, async ({ session, body }) => {
      await service.delete(session.accountId, [body.id]);
      return { ok: true as const };
    }),
    bindV2(v2Routes.addAnswer, async ({ session, body }) => {
      await service.addAnswer(session.accountId, [body.questionId], body.text);
      return service.get(session.accountId, body.questionId);
    }),
    bindV2(v2Routes.deleteAnswer, async ({ session, body }) => {
      await service.deleteAnswers(session.accountId, [body.answerId]);
      return { ok: true as const };
    }),
  ];
}
