import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account, expectCode, ok, type Caller } from '../services/scan-config.test-helpers.js';

let t: TestApp;
let call: Caller;
let owner: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await account(t);
  call = owner.call;
});
afterAll(async () => {
  await t.close();
});

type User = { _id: string; username: string; limit: string; created: string; service?: unknown };
const users = async (fields: Record<string, string> = {}) => {
  const u = ok(await call('users', 'retrieve', fields)).xml.user;
  return (u === undefined ? [] : Array.isArray(u) ? u : [u]) as User[];
};

describe('users', () => {
  it('lists the owner app user first, creates with password and device limit, and validates credentials', async () => {
    const [ownerUser] = await users();
    expect(ownerUser?.username).toBe(owner.email);
    const id = String(ok(await call('users', 'create', { username: 'gate1', password: 'pass1234', limit: '2' })).xml.id);
    const list = await users({ user_id: `${ownerUser!._id}, ${id}` });
    expect(list[1]).toMatchObject({ _id: id, username: 'gate1', limit: '2' });
    expect(list[1]!.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const valid = ok(await call('users', 'validate', { username: 'GATE1', password: 'pass1234' }));
    expect((valid.xml.user as User).username).toBe('gate1');
    expectCode(await call('users', 'validate', { username: 'gate1', password: 'wrong' }), 300);
    expectCode(await call('users', 'validate', { password: 'x' }), 342);
    expect(ok(await call('users', 'validate', { username: owner.email, password: 'correct horse battery' })).status).toBe('1');
  });

  it('answers 320, 330, 340, 341, 342 and 310 on create', async () => {
    ok(await call('users', 'create', { username: 'taken', password: 'pass1234' }));
    expectCode(await call('users', 'create', { username: 'TAKEN', password: 'pass1234' }), 320);
    expectCode(await call('users', 'create', { username: 'bad@mail', password: 'x' }), 330);
    expectCode(await call('users', 'create', { username: 'no spaces allowed', password: 'pass1234' }), 340);
    expectCode(await call('users', 'create', { username: 'nopass' }), 341);
    expectCode(await call('users', 'create', { password: 'pass1234' }), 342);
    expectCode(await call('users', 'create', { username: 'lim', password: 'pass1234', limit: 'many' }), 310);
  });

  it('invites an email username by mail (password ignored); the link sets the password', async () => {
    const email = uniqueEmail('scanner');
    const id = String(ok(await call('users', 'create', { username: email, password: 'ignored' })).xml.id);
    const mail = await t.smtp.next(email);
    const link = linkIn(mail, '/user/confirmemail/appuser/');
    const token = link.split('/user/confirmemail/appuser/')[1]!.replace(/\/$/, '');
    expectCode(await call('users', 'validate', { username: email, password: 'ignored' }), 300);
    const accepted = await v2(t.app, 'appusers/accept-invite', { token, password: 'chosen pw' });
    expect(accepted.body).toEqual({ username: email });
    expect((ok(await call('users', 'validate', { username: email, password: 'chosen pw' })).xml.user as User)._id).toBe(id);
    expect((await v2(t.app, 'appusers/accept-invite', { token, password: 'again pw' })).status).toBe(404);
  });

  it('updates and soft-deletes; the owner app user is protected (343)', async () => {
    const [ownerUser] = await users();
    const id = String(ok(await call('users', 'create', { username: 'upd1', password: 'pass1234' })).xml.id);
    ok(await call('users', 'update', { user_id: id, username: 'upd2', password: 'newpass1', limit: '5' }));
    expect((await users({ user_id: id }))[0]).toMatchObject({ username: 'upd2', limit: '5' });
    ok(await call('users', 'validate', { username: 'upd2', password: 'newpass1' }));
    expectCode(await call('users', 'update', { user_id: ownerUser!._id, limit: '1' }), 343);
    expectCode(await call('users', 'delete', { user_id: ownerUser!._id }), 343);
    expectCode(await call('users', 'update', {}), 132);
    expectCode(await call('users', 'update', { user_id: '999999', limit: '1' }), 201);
    expectCode(await call('users', 'update', { user_id: 'x' }), 300);
    expectCode(await call('users', 'update', { user_id: id, username: 'taken' }), 320);
    ok(await call('users', 'delete', { user_id: id }));
    expectCode(await call('users', 'retrieve', { user_id: id }), 201);
    expect((await t.container.db.kysely.selectFrom('app_users').select('deleted_at').where('id', '=', Number(id)).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
    // The name is free again; `all` deletes everyone but the owner's app user.
    ok(await call('users', 'create', { username: 'upd2', password: 'pass1234' }));
    ok(await call('users', 'delete', { user_id: 'all' }));
    expect((await users()).map((u) => u.username)).toEqual([owner.email]);
    expectCode(await call('users', 'delete', {}), 132);
  });

  it('available answers 1 for a free name and 0 (320) for a taken one', async () => {
    ok(await call('users', 'create', { username: 'avail1', password: 'pass1234' }));
    expect((await call('users', 'available', { username: 'free-name' })).status).toBe('1');
    expectCode(await call('users', 'available', { username: 'AVAIL1' }), 320);
    expectCode(await call('users', 'available', {}), 342);
  });
});

describe('devices', () => {
  it('retrieves and renames devices (410)', async () => {
    const d1 = await t.container.scanConfig.devices.register(owner.accountId, 'udid-aaa', 'iPhone', null);
    const d2 = await t.container.scanConfig.devices.register(owner.accountId, 'udid-bbb', 'Pixel', null);
    const res = ok(await call('devices', 'retrieve', { device_id: `${d1}, ${d2}` }));
    expect(res.xml.count).toBe('2');
    expect(res.raw).toMatch(new RegExp(`<device id="${d1}"><udid>udid-aaa</udid><devicename>iPhone</devicename><created>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}</created></device>`));
    ok(await call('devices', 'update', { device_id: String(d1), device_name: 'Gate scanner' }));
    expect(ok(await call('devices', 'retrieve', { device_id: String(d1) })).raw).toContain('<devicename>Gate scanner</devicename>');
    expectCode(await call('devices', 'update', { device_id: String(d1) }), 410);
    expectCode(await call('devices', 'update', { device_name: 'x' }), 410);
    expectCode(await call('devices', 'update', { device_id: '999999', device_name: 'x' }), 410);
    expectCode(await call('devices', 'retrieve', { device_id: 'x' }), 410);
  });
});
