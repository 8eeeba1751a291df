import { describe, expect, it } from 'vitest';
import { portalFlowOf } from '../../session/portal-flows';
import { createMemoryStore } from '../../session/storage';
import { PortalSession } from './portal-session';
import { portalTarget } from './portal-target';

describe('portal sessions', () => {
  it('keeps each portal apart from the other and from the admin keys, and keeps the device id across sign-outs', async () => {
    const store = createMemoryStore();
    const checkinout = new PortalSession('checkinout', store, () => 'abc');
    const attendance = new PortalSession('attendance', store, () => 'def');
    checkinout.signedIn('t1', { id: 4, username: 'gate' });
    expect(checkinout.user).toEqual({ id: 4, username: 'gate' });
    expect(attendance.token).toBeNull();
    expect(store.getItem('token')).toBeNull();
    const udid = checkinout.udid;
    expect(udid).toBe('portal-abc');
    await checkinout.signOut();
    expect(checkinout.token).toBeNull();
    expect(checkinout.user).toBeNull();
    expect(checkinout.udid).toBe(udid);
  });

  it('maps route prefixes to portals', () => {
    expect(portalFlowOf('CIO.index')).toBe('checkinout');
    expect(portalFlowOf('AP.signin')).toBe('attendance');
    expect(portalFlowOf('account.services')).toBeUndefined();
  });

  it('returns to the page that asked for the sign-in, with its query, and nowhere else', () => {
    expect(portalTarget('checkinout', 'CIO.valueresponse', JSON.stringify({ instance_id: '7', value: 'A&B' }))).toBe('/checkinout/valueresponse/?instance_id=7&value=A%26B');
    // Another portal's route, an admin route, a sign-in route or bad JSON fall back to the start page.
    expect(portalTarget('checkinout', 'AP.signin', '{}')).toBe('/checkinout/');
    expect(portalTarget('checkinout', 'account.services', '{}')).toBe('/checkinout/');
    expect(portalTarget('checkinout', 'CIO.signin', '{}', '9')).toBe('/checkinout/?instance_id=9');
    expect(portalTarget('attendance', undefined, 'not json')).toBe('/attendance/');
  });
});
