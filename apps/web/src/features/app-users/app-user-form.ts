/** Whether a username is an email address: such users get an invitation mail and choose their own password. */
export function isEmailUsername(username: string): boolean {
  return username.includes('@');
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const NAME = /^[\p{L}\p{N}._+-]{2,64}$/u;

/** The server's username rules, checked before sending: an email address, or 2-64 letters, digits and . _ + -. */
export function usernameProblem(raw: string): string | null {
  const username = raw.trim();
  if (username === '') return 'Enter a username or an email address';
  if (isEmailUsername(username)) return EMAIL.test(username) && username.length <= 254 ? null : 'Enter a valid email address';
  return NAME.test(username) ? null : 'Use 2 to 64 letters, digits, dots, dashes, underscores or plus signs (no spaces), or an email address';
}

/** App passwords: 4 to 200 characters (the scanner app's own rule). */
export function passwordProblem(password: string): string | null {
  if (password.length < 4) return 'Use at least 4 characters';
  if (password.length > 200) return 'Use at most 200 characters';
  return null;
}

/** A device limit as typed: empty means unlimited (null); otherwise a whole number from 1 to 100,000. */
export function parseDeviceLimit(text: string): { limit: number | null } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '0') return { limit: null };
  if (!/^\d+$/.test(trimmed)) return { problem: 'Enter a whole number, or leave it empty for no limit' };
  const limit = Number(trimmed);
  if (limit < 1 || limit > 100_000) return { problem: 'Between 1 and 100,000' };
  return { limit };
}

/** A device limit for people. */
export function describeDeviceLimit(limit: number | null): string {
  if (limit === null) return 'No limit';
  return limit === 1 ? '1 device' : `${limit.toLocaleString('en-US')} devices`;
}
