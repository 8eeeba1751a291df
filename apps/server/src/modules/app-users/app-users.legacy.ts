import { legacyAction, legacyTime } from '../../platform/http/legacy/legacy-bridge.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyParams } from '../../platform/http/legacy/legacy-params.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { el, textEl, type XmlNode } from '../../platform/xml/xml-writer.js';
import type { AppUserInfo, AppUsersService } from './app-users.service.js';

/** `<user id>` as retrieve and validate answer it. */
function userXml(u: AppUserInfo): XmlNode {
  return el('user', { id: u.id }, textEl('username', u.username), u.serviceIds.map((s) => el('service', { id: s })), textEl('limit', u.deviceLimit ?? 0), textEl('created', legacyTime(u.createdAt)));
}

function oneUserId(params: LegacyParams): number {
  const ids = params.idList('user_id', 300);
  if (ids === undefined) throw new LegacyError(132, 'Missing user_id.');
  if (ids === 'all' || ids.length !== 1) throw new LegacyError(300, 'Invalid user_id: name one user.');
  return ids[0]!;
}

/** The `users` section: app users (the people who scan). */
export function appUsersLegacy(service: AppUsersService): Record<string, LegacySection> {
  return {
    users: {
      actions: {
        retrieve: legacyAction(async ({ params, auth }) => {
          const users = await service.describe(auth.accountId, await service.resolve(auth.accountId, params.idList('user_id', 300) ?? 'all'));
          return [textEl('count', users.length), ...users.map(userXml)];
        }),
        create: legacyAction(async ({ params, auth }) => {
          const id = await service.create(auth.accountId, { username: params.get('username'), password: params.get('password'), limit: params.get('limit') });
          return [textEl('id', id)];
        }),
        update: legacyAction(async ({ params, auth }) => {
          const id = oneUserId(params);
          await service.update(auth.accountId, id, { username: params.has('username') ? params.get('username') : undefined, password: params.has('password') ? params.get('password') : undefined, limit: params.get('limit') });
          return [];
        }),
        delete: legacyAction(async ({ params, auth }) => {
          const ids = params.idList('user_id', 300);
          if (ids === undefined) throw new LegacyError(132, 'Missing user_id.');
          await service.delete(auth.accountId, ids);
          return [];
        }),
        validate: legacyAction(async ({ params, auth }) => {
          const user = await service.validate(auth.accountId, params.get('username'), params.get('password'));
          const [info] = await service.describe(auth.accountId, [user]);
          return [textEl('count', 1), userXml(info!)];
        }),
        available: legacyAction(async ({ params, auth }) => {
          if (!(await service.available(auth.accountId, params.get('username')))) throw new LegacyError(320, 'The username is taken.');
          return [];
        }),
      },
    },
  };
}
