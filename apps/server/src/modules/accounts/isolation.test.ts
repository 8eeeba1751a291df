import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, legacy, signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('one account cannot reach another account’s data', () => {
  it('through V2 or the legacy API', async () => {
    const a = await signUpVerified(t, { companyName: 'Alpha' });
    const b = await signUpVerified(t, { companyName: 'Beta' });
    const member = await v2(t.app, 'team/invite', { email: uniqueEmail('alpha-member') }, a.token);
    const memberId = (member.body as { id: number }).id;
    const keyA = await createApiKey(t, a.token, 'alpha key');
    const keyAId = ((await v2(t.app, 'apikeys/list', {}, a.token)).body.items as { id: number }[])[0]!.id;
    await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: keyA });

    // B sees none of A's team, keys or log.
    expect((await v2(t.app, 'team/list', {}, b.token)).body.total).toBe(0);
    expect((await v2(t.app, 'apikeys/list', {}, b.token)).body.items).toEqual([]);
    expect((await v2(t.app, 'apilog/list', {}, b.token)).body.total).toBe(0);

    // B cannot change them either.
    expect((await v2(t.app, 'team/update', { id: memberId, role: 'viewer' }, b.token)).status).toBe(404);
    expect((await v2(t.app, 'team/remove', { id: memberId }, b.token)).status).toBe(404);
    expect((await v2(t.app, 'apikeys/rename', { id: keyAId, name: 'pwned' }, b.token)).status).toBe(404);
    expect((await v2(t.app, 'apikeys/revoke', { id: keyAId }, b.token)).status).toBe(404);
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: keyA })).status).toBe('1');

    // B's session cannot read A's admin record or properties.
    const props = await legacy(t.app, { section: 'admin', action: 'retrieve_admin_property_value', adminId: String(a.adminId), timezoneProperties: 'true', website_token: b.token });
    expect(props.errorCode).toBe('10');
    const asMember = await legacy(t.app, { section: 'admin', action: 'retrieve', accountUserId: String(memberId), website_token: b.token });
    expect(asMember.errorCode).toBe('10');

    // A's settings are untouched by B's update.
    await v2(t.app, 'settings/update', { adminEmail: 'beta@example.com' }, b.token);
    expect((await v2(t.app, 'settings/get', {}, a.token)).body.adminEmail).toBe('');
    const team = await v2(t.app, 'team/list', {}, a.token);
    expect((team.body.items as { role: string }[])[0]?.role).toBe('admin');
  });
});
