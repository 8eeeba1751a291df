import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyCall, LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { el, textEl, type XmlNode } from '../../platform/xml/xml-writer.js';
import type { Privileges } from '@scanbase/contracts';
import type { AuthService } from './auth.service.js';
import type { SettingsService } from './settings.service.js';

function privilegesXml(p: Privileges): XmlNode {
  return el('accountPrivileges', {}, textEl('user', p.user ? 1 : 0), textEl('webapp_login', p.webapp_login ? 1 : 0), textEl('billing', p.billing ? 1 : 0));
}

function webSession(call: LegacyCall) {
  if (call.auth.kind !== 'website_token') throw new LegacyError(10, 'This section is only available to the web app.');
  return call.auth.session;
}

/** The web app's own legacy sections: `admin` (retrieve, retrieve_admin_property_value) and `security` (logout). */
export function accountsLegacy(auth: AuthService, settings: SettingsService): Record<string, LegacySection> {
  return {
    admin: {
      actions: {
        retrieve: {
          async handle(call) {
            const session = webSession(call);
            const asked = call.params.get('accountUserId')?.trim();
            if (asked && asked !== '0' && asked !== String(session.accountUserId ?? '')) throw new LegacyError(10, 'accountUserId does not belong to this session.');
            const user = await auth.sessionUser(session);
            const withProperties = call.params.flag('add_properties', false);
            const s = withProperties ? await settings.get(session.accountId) : undefined;
            const owner = user.accountUserId === null ? { email: user.username, name: user.name } : await settings.owner(session.accountId);
            const admin = el(
              'admin',
              { id: user.adminId },
              textEl('adminId', user.adminId),
              textEl('id', user.adminId),
              textEl('username', owner.email),
              textEl('name', owner.name),
              textEl('account', user.account),
              textEl('accountId', user.accountId),
              textEl('role', 'owner'),
              privilegesXml(user.accountPrivileges),
              textEl('timezone', user.timezone),
              s && el('settings', {}, textEl('timezoneBehavior', s.timezoneBehavior), textEl('adminEmail', s.adminEmail), textEl('databaseCount', s.databaseCount), textEl('dateFormat', s.dateFormat), textEl('timeFormat', s.timeFormat)),
              user.accountUserId !== null &&
                el(
                  'accountUser',
                  { id: user.accountUserId },
                  textEl('id', user.accountUserId),
                  textEl('username', user.username),
                  textEl('name', user.name),
                  textEl('account', user.account),
                  textEl('accountId', user.accountId),
                  textEl('role', user.role),
                  privilegesXml(user.accountPrivileges),
                ),
            );
            return [textEl('count', 1), admin];
          },
        },
        retrieve_admin_property_value: {
          async handle(call) {
            const session = webSession(call);
            const adminId = call.params.require('adminId');
            if (adminId.trim() !== String(session.adminId)) throw new LegacyError(10, 'adminId does not belong to this session.');
            const s = await settings.get(session.accountId);
            const timezone = el('propertyValue', { name: 'timezone' }, textEl('value', s.timezone));
            if (call.params.flag('timezoneProperties', false)) return [textEl('count', 1), timezone];
            return [
              textEl('count', 3),
              timezone,
              el('propertyValue', { name: 'timezoneBehavior' }, textEl('value', s.timezoneBehavior)),
              el('propertyValue', { name: 'adminEmail' }, textEl('value', s.adminEmail)),
            ];
          },
        },
      },
    },
    security: {
      actions: {
        logout: {
          tokenOptional: true,
          async handle(call) {
            if (call.token) await auth.signOut(call.token);
            return [];
          },
        },
      },
    },
  };
}
