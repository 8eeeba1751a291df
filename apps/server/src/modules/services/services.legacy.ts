import { legacyAction } from '../../platform/http/legacy/legacy-bridge.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyParams } from '../../platform/http/legacy/legacy-params.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { el, textEl } from '../../platform/xml/xml-writer.js';
import { QUESTION_CONDITIONS, type QuestionCondition, type ServicesService } from './services.service.js';

function ids(params: LegacyParams, name: string, missing: number, invalid: number): number[] | 'all' {
  const list = params.idList(name, invalid);
  if (list === undefined) throw new LegacyError(missing, `Missing ${name}.`);
  return list;
}

const serviceIds = (p: LegacyParams) => ids(p, 'service_id', 131, 200);
const userIds = (p: LegacyParams) => ids(p, 'user_id', 132, 300);
const questionIds = (p: LegacyParams) => ids(p, 'question_id', 133, 262);

/** The `services` section: scanning workflows. */
export function servicesLegacy(service: ServicesService): Record<string, LegacySection> {
  return {
    services: {
      actions: {
        retrieve: legacyAction(async ({ params, auth }) => {
          const list = await service.describe(auth.accountId, await service.resolve(auth.accountId, params.idList('service_id', 200) ?? 'all'));
          return [
            textEl('count', list.length),
            ...list.map((s) =>
              el(
                'service',
                { id: s.id },
                textEl('name', s.name),
                textEl('validationmethod', s.validationMethod),
                s.validationMethod === 'postback' && textEl('postback', s.postbackUrl),
                s.databaseId !== null && textEl('database', s.databaseId),
                textEl('duplicateScanValue', s.duplicateValue ? 1 : 0),
                textEl('descriptionFromDb', s.description),
                s.userIds.map((u) => el('user', { id: u })),
                s.questions.map((q) => el('question', { id: q.id })),
              ),
            ),
          ];
        }),
        create: legacyAction(async ({ params, auth }) => [textEl('id', await service.create(auth.accountId, (n) => params.get(n)))]),
        update: legacyAction(async ({ params, auth }) => {
          const list = serviceIds(params);
          if (list === 'all' || list.length !== 1) throw new LegacyError(200, 'Name one service_id to update.');
          await service.update(auth.accountId, list[0]!, (n) => params.get(n), { resetSymbologies: true });
          return [];
        }),
        delete: legacyAction(async ({ params, auth }) => {
          await service.delete(auth.accountId, serviceIds(params));
          return [];
        }),
        adduserpermission: legacyAction(async ({ params, auth }) => {
          await service.addUserPermission(auth.accountId, serviceIds(params), userIds(params));
          return [];
        }),
        revokeuserpermission: legacyAction(async ({ params, auth }) => {
          await service.revokeUserPermission(auth.accountId, serviceIds(params), userIds(params));
          return [];
        }),
        addquestion: legacyAction(async ({ params, auth }) => {
          const s = serviceIds(params);
          const q = questionIds(params);
          const condition = (params.get('condition')?.trim().toLowerCase() || 'pre_submit') as QuestionCondition;
          if (!QUESTION_CONDITIONS.includes(condition)) throw new LegacyError(210, `Unknown condition "${condition}": use ${QUESTION_CONDITIONS.join(', ')}.`);
          await service.addQuestions(auth.accountId, s, q, condition, params.idList('required', 262) ?? []);
          return [];
        }),
        removequestion: legacyAction(async ({ params, auth }) => {
          await service.removeQuestions(auth.accountId, serviceIds(params), questionIds(params));
          return [];
        }),
      },
    },
  };
}
