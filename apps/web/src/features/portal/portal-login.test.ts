import { describe, expect, it } from 'vitest';
import { portalFlowOf } from '../../session/portal-flows';
import { passedOnQuery, portalErrorMessage } from './portal-login';

describe('user and task portal sign-in', () => {
  it('says why someone was sent to the sign-in, by errCode', () => {
    expect(portalErrorMessage(undefined, 'task portal')).toBeNull();
    expect(portalErrorMessage('FORBIDDEN', 'task portal')).toBe('This login has no access to the task portal. Ask an administrator to give it to you.');
    expect(portalErrorMessage('AUTH_FAILED', 'user portal')).toBe('Your session has ended. Please sign in again.');
    expect(portalErrorMessage('<script>', 'user portal')).toBe('Please sign in to continue.');
  });

  it('passes the query on without errCode and the single sign-on return marker', () => {
    expect(passedOnQuery('?errCode=FORBIDDEN&q=12&page=2')).toBe('?q=12&page=2');
    expect(passedOnQuery('?account=7&sso=1')).toBe('?account=7');
    expect(passedOnQuery('?errCode=AUTH_FAILED')).toBe('');
    expect(passedOnQuery('')).toBe('');
  });

  it('guards UP and TP routes with their own portal sessions', () => {
    expect(portalFlowOf('UP.scans')).toBe('userportal');
    expect(portalFlowOf('TP.tasks')).toBe('taskportal');
    expect(portalFlowOf('CIO.index')).toBe('checkinout');
    expect(portalFlowOf('account.users')).toBeUndefined();
    expect(portalFlowOf('UPX.thing')).toBeUndefined();
  });
});
