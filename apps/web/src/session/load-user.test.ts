import { describe, expect, it } from 'vitest';
import { decodeXml, xmlNode } from '../api/xml';
import { userFromAdminRecord } from './load-user';

const reply = (inner: string) => xmlNode(decodeXml(`<?xml version="1.0"?><xml><status>1</status><count>1</count>${inner}</xml>`).xml) ?? {};

describe('user from admin/retrieve', () => {
  it('reads the owner record with settings defaults', () => {
    const user = userFromAdminRecord(
      reply(
        '<admin id="3"><adminId>3</adminId><id>3</id><username>o@example.com</username><name>Olive</name><account>Acme</account><accountId>9</accountId><role>owner</role><accountPrivileges><user>1</user><webapp_login>1</webapp_login><billing>1</billing></accountPrivileges><timezone>America/New_York</timezone></admin>',
      ),
    );
    expect(user).toEqual({
      adminId: 3,
      id: 3,
      accountUserId: null,
      username: 'o@example.com',
      name: 'Olive',
      account: 'Acme',
      accountId: 9,
      role: 'owner',
      accountPrivileges: { user: true, webapp_login: true, billing: true },
      timezone: 'America/New_York',
      settings: { timezoneBehavior: 2, adminEmail: '', databaseCount: 0, dateFormat: 'd MMM yyyy', timeFormat: '24h' },
    });
  });

  it('lets the account user override username, id, account, accountId and role', () => {
    const user = userFromAdminRecord(
      reply(
        '<admin id="3"><adminId>3</adminId><id>3</id><username>o@example.com</username><name>Olive</name><account>Acme</account><accountId>9</accountId><role>owner</role><timezone>UTC</timezone><settings><timezoneBehavior>1</timezoneBehavior><adminEmail>ops@example.com</adminEmail><databaseCount>4</databaseCount><dateFormat>yyyy-MM-dd</dateFormat><timeFormat>12h</timeFormat></settings><accountUser id="12"><id>12</id><username>m@example.com</username><name>Max</name><account>Acme EU</account><accountId>10</accountId><role>admin</role><accountPrivileges><user>1</user><webapp_login>1</webapp_login><billing>0</billing></accountPrivileges></accountUser></admin>',
      ),
    );
    expect(user).toMatchObject({
      adminId: 3,
      id: 12,
      accountUserId: 12,
      username: 'm@example.com',
      name: 'Max',
      account: 'Acme EU',
      accountId: 10,
      role: 'admin',
      accountPrivileges: { user: true, webapp_login: true, billing: false },
      settings: { timezoneBehavior: 1, adminEmail: 'ops@example.com', databaseCount: 4, dateFormat: 'yyyy-MM-dd', timeFormat: '12h' },
    });
  });

  it('yields no user for a reply without an admin', () => {
    expect(userFromAdminRecord(reply(''))).toBeNull();
  });
});
