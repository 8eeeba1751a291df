import { describe, expect, it } from 'vitest';
import { describeDeviceLimit, isEmailUsername, parseDeviceLimit, passwordProblem, usernameProblem } from './app-user-form';

describe('app user form', () => {
  it('checks usernames as the server does', () => {
    expect(usernameProblem('gate-scanner_1')).toBeNull();
    expect(usernameProblem('ann@example.com')).toBeNull();
    expect(usernameProblem('  ')).toMatch(/Enter a username/);
    expect(usernameProblem('a')).toMatch(/2 to 64/);
    expect(usernameProblem('ann smith')).toMatch(/no spaces/);
    expect(usernameProblem('ann@example')).toBe('Enter a valid email address');
    expect(isEmailUsername('ann@example.com')).toBe(true);
    expect(isEmailUsername('ann')).toBe(false);
  });

  it('reads the device limit: empty or 0 is unlimited', () => {
    expect(parseDeviceLimit('')).toEqual({ limit: null });
    expect(parseDeviceLimit(' 0 ')).toEqual({ limit: null });
    expect(parseDeviceLimit('3')).toEqual({ limit: 3 });
    expect(parseDeviceLimit('2.5')).toHaveProperty('problem');
    expect(parseDeviceLimit('100001')).toEqual({ problem: 'Between 1 and 100,000' });
    expect(describeDeviceLimit(null)).toBe('No limit');
    expect(describeDeviceLimit(1)).toBe('1 device');
  });

  it('needs app passwords of 4 to 200 characters', () => {
    expect(passwordProblem('abc')).toMatch(/at least 4/);
    expect(passwordProblem('abcd')).toBeNull();
    expect(passwordProblem('x'.repeat(201))).toMatch(/at most 200/);
  });
});
