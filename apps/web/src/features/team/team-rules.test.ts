import type { TeamMember } from '@scanbase/contracts/team';
import { describe, expect, it } from 'vitest';
import { editLock, emailProblem, privilegesSummary, removeLock, roleLabel, transferLock } from './team-rules';

const member = (over: Partial<TeamMember> = {}): TeamMember => ({
  id: 7,
  email: 'mo@example.com',
  name: 'Mo',
  role: 'admin',
  privileges: { user: true, webapp_login: true, billing: false },
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('team rules', () => {
  it('names roles and privileges in words', () => {
    expect(roleLabel('billing_admin')).toBe('Billing administrator');
    expect(roleLabel('scanner_lead')).toBe('Scanner lead');
    expect(privilegesSummary({ user: true, webapp_login: false, billing: true })).toBe('Profile, Billing');
    expect(privilegesSummary({ user: false, webapp_login: false, billing: false })).toBe('None');
  });

  it('says why a control is locked: yourself, or an owner-role member when you are not the owner', () => {
    expect(editLock(member(), { accountUserId: null, role: 'owner' })).toBeNull();
    expect(editLock(member(), { accountUserId: 7, role: 'admin' })).toMatch(/your own role/);
    expect(removeLock(member(), { accountUserId: 7, role: 'admin' })).toMatch(/remove yourself/);
    expect(editLock(member({ role: 'owner' }), { accountUserId: 8, role: 'admin' })).toMatch(/Only the account owner/);
    expect(removeLock(member({ role: 'owner' }), { accountUserId: null, role: 'owner' })).toBeNull();
    expect(removeLock(member(), { accountUserId: 8, role: 'admin' })).toBeNull();
  });

  it('checks the invite address before sending', () => {
    expect(emailProblem('')).toMatch(/Enter the email/);
    expect(emailProblem('not-an-email')).toMatch(/valid email/);
    expect(emailProblem(' mo@example.com ')).toBeNull();
  });

  it('lets only the owner hand the account over, and only to an active member', () => {
    expect(transferLock(member(), { accountUserId: null, role: 'owner' })).toBeNull();
    expect(transferLock(member({ status: 'invited' }), { accountUserId: null, role: 'owner' })).toMatch(/accept the invitation first/);
    expect(transferLock(member(), { accountUserId: 3, role: 'owner' })).toBe('Only the account owner can hand the account over.');
    expect(transferLock(member(), { accountUserId: 3, role: 'admin' })).toBe('Only the account owner can hand the account over.');
  });
});
