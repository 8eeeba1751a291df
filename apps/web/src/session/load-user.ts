import type { Privileges } from '@scanbase/contracts';
import type { LegacyClient } from '../api/legacy-client';
import { xmlList, xmlNode, xmlText, type XmlNode, type XmlValue } from '../api/xml';
import { dateFormatOf, defaultSettings, timeFormatOf, type CurrentUser } from './current-user';

const flag = (value: XmlValue | undefined): boolean => {
  const text = xmlText(value);
  return text === '1' || text === 'true';
};

const int = (value: XmlValue | undefined, fallback: number): number => {
  const text = xmlText(value);
  const parsed = text ? Number(text) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
};

function privilegesOf(value: XmlValue | undefined): Privileges {
  const node = xmlNode(value);
  return { user: true, webapp_login: flag(node?.webapp_login), billing: flag(node?.billing) };
}

/**
 * Builds the user from an `admin/retrieve` reply: the first `admin` item, whose username, id,
 * account, accountId and role are overridden by its `accountUser` when one is present (spec section 3).
 */
export function userFromAdminRecord(xml: XmlNode): CurrentUser | null {
  const admin = xmlNode(xmlList(xml.admin)[0]);
  if (!admin) return null;
  const member = xmlNode(xmlList(admin.accountUser)[0]);
  const source = member ?? admin;
  const settings = xmlNode(admin.settings);
  const adminId = int(admin.adminId, int(admin._id, 0));
  return {
    adminId,
    id: int(source.id, int(source._id, adminId)),
    accountUserId: member ? int(member.id, int(member._id, 0)) : null,
    username: xmlText(source.username) ?? '',
    // The spec lists the fields an account user overrides; the display name follows them so a member never sees the owner's name.
    name: xmlText(member?.name) ?? xmlText(admin.name) ?? '',
    account: xmlText(source.account) ?? '',
    accountId: int(source.accountId, 0),
    role: member ? (xmlText(member.role) ?? '') : 'owner',
    accountPrivileges: privilegesOf(source.accountPrivileges),
    timezone: xmlText(admin.timezone) ?? '',
    settings: {
      timezoneBehavior: int(settings?.timezoneBehavior, defaultSettings.timezoneBehavior),
      adminEmail: xmlText(settings?.adminEmail) ?? defaultSettings.adminEmail,
      databaseCount: int(settings?.databaseCount, defaultSettings.databaseCount),
      dateFormat: dateFormatOf(xmlText(settings?.dateFormat)),
      timeFormat: timeFormatOf(xmlText(settings?.timeFormat)),
    },
  };
}

/** Retrieves the signed-in user over the legacy API; a failure or an error reply yields no user. */
export async function retrieveUser(legacy: LegacyClient, accountUserId: string | null): Promise<CurrentUser | null> {
  let reply = await legacy.call('admin', 'retrieve', { add_properties: 1, accountUserId: accountUserId ?? undefined });
  // The stored account user is no longer this session's (an ownership transfer, confirmed in another browser,
  // swapped owner and member): the token still says who signed in, so ask again without it (code 10).
  if (reply.error?.code === 10 && accountUserId !== null) reply = await legacy.call('admin', 'retrieve', { add_properties: 1 });
  if (reply.error || reply.networkError) {
    console.error('Could not retrieve the signed-in user', reply.error ?? 'network failure');
    return null;
  }
  const user = userFromAdminRecord(reply.xml);
  if (user && user.timezone === '') user.timezone = (await retrieveTimezone(legacy, user.adminId)) ?? '';
  return user;
}

/** The admin's timezone from `admin/retrieve_admin_property_value`. */
export async function retrieveTimezone(legacy: LegacyClient, adminId: number): Promise<string | null> {
  const reply = await legacy.call('admin', 'retrieve_admin_property_value', { adminId, timezoneProperties: 'true' });
  if (reply.error || reply.networkError) return null;
  const first = xmlNode(xmlList(reply.xml.propertyValue)[0]);
  return xmlText(first?.value) ?? null;
}
