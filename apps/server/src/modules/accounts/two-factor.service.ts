import { randomInt } from 'node:crypto';
import type { TwoFactorStatus } from '@scanbase/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { Session } from '../../platform/auth/session.js';
import { hashSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { twoFactorResetMail } from './account-mail.js';
import type { AccountsRepo } from './accounts.repo.js';
import type { AuthTokensRepo } from './auth-tokens.repo.js';
import type { TwoFactorLogin, TwoFactorRepo, TwoFactorRow } from './two-factor.repo.js';

const ISSUER = 'Scanbase';
/** Recovery codes given at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes (or passwords to switch it off) one login may send in FAIL_WINDOW_SECONDS before it must wait. */
export const MAX_FAILED_CODES = 10;
const FAIL_WINDOW_SECONDS = 900;
// No 0/o, 1/l/i: a code read off paper is typed back without guessing.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A second factor as sent: a code from the authenticator app, or one recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

/** The TOTP of a stored secret: SHA-1, 6 digits, 30-second steps (what every authenticator app reads). */
function totpOf(secret: string, label = 'Scanbase'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** Ten new recovery codes as shown (`abcde-fghij`), and their stored form (SHA-256 of the code without the dash). */
function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const shown: string[] = [];
  for (let i = 0; i < RECOVERY_CODE_COUNT; i++) {
    let code = '';
    for (let j = 0; j < 10; j++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    shown.push(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return { shown, hashes: shown.map((code) => hashSecret(code.replace('-', ''))) };
}

/** The login behind a session. */
export function twoFactorLoginOf(session: Pick<Session, 'accountId' | 'accountUserId'>): TwoFactorLogin {
  return { accountId: session.accountId, accountUserId: session.accountUserId };
}

export type TwoFactorServiceDeps = {
  repo: TwoFactorRepo;
  accounts: AccountsRepo;
  tokens: AuthTokensRepo;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'info'> | undefined;
};

/**
 * Two-factor sign-in (TOTP with recovery codes) of the owner and team members: set-up, codes, switching off,
 * an administrator's reset and the account-wide requirement. A code is accepted once (its time step is
 * recorded), within one step either side; wrong codes count against the login (MAX_FAILED_CODES per 15 minutes).
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorServiceDeps) {}

  /** Whether the login has two-factor sign-in switched on. */
  async isOn(login: TwoFactorLogin): Promise<boolean> {
    return (await this.deps.repo.get(login))?.enabled_at != null;
  }

  /** The person's two-factor status as their profile shows it. */
  async status(session: Session): Promise<TwoFactorStatus> {
    const login = twoFactorLoginOf(session);
    const [row, account] = await Promise.all([this.deps.repo.get(login), this.deps.accounts.getAccount(session.accountId)]);
    const on = row?.enabled_at != null;
    return {
      enabled: on,
      enabledAt: on ? (row?.enabled_at ?? null) : null,
      recoveryCodesLeft: on && row ? await this.deps.repo.countRecoveryCodes(session.accountId, row.id) : 0,
      requiredByAccount: account?.require_two_factor === 1,
    };
  }

  /** The sign-in email and company of the session's login (the authenticator app's label). */
  private async who(session: Session): Promise<{ email: string; companyName: string; passwordHash: string | null }> {
    const admin = await this.deps.accounts.getAdminOfAccount(session.accountId);
    if (!admin) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    if (session.accountUserId === null) return { email: admin.email, companyName: admin.company_name, passwordHash: admin.password_hash };
    const member = await this.deps.accounts.getAccountUser(session.accountId, session.accountUserId);
    if (!member) throw new AppError('NOT_FOUND', 'This team member no longer exists.');
    return { email: member.email, companyName: admin.company_name, passwordHash: member.password_hash };
  }

  /** Starts a set-up: a new secret (replacing an unfinished one), shown once as text and as an otpauth:// URI. */
  async setUp(session: Session): Promise<{ secret: string; uri: string; issuer: string; label: string }> {
    const { email, companyName } = await this.who(session);
    const secret = new Secret({ size: 20 }).base32;
    if (!(await this.deps.repo.startSetup(twoFactorLoginOf(session), secret))) {
      throw new AppError('CONFLICT', 'Two-factor sign-in is already on. Switch it off first to set it up again.');
    }
    const label = `${companyName} (${email})`;
    return { secret, uri: totpOf(secret, label).toString(), issuer: ISSUER, label };
  }

  /** Switches a set-up on with a valid code; answers the recovery codes, shown this once. */
  async enable(session: Session, code: string): Promise<{ recoveryCodes: string[]; status: TwoFactorStatus }> {
    const login = twoFactorLoginOf(session);
    const row = await this.deps.repo.get(login);
    if (!row) throw new AppError('CONFLICT', 'Start the set-up first: there is no secret waiting for a code.');
    if (row.enabled_at !== null) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
    await this.checkCode(login, row, code, 'code');
    const codes = newRecoveryCodes();
    if (!(await this.deps.repo.enable(session.accountId, row.id, codes.hashes))) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
    return { recoveryCodes: codes.shown, status: await this.status(session) };
  }

  /** New recovery codes for a current code (the old ones stop working). */
  async regenerate(session: Session, code: string): Promise<{ recoveryCodes: string[]; status: TwoFactorStatus }> {
    const login = twoFactorLoginOf(session);
    const row = await this.enabledRow(login);
    await this.checkCode(login, row, code, 'code');
    const codes = newRecoveryCodes();
    await this.deps.repo.replaceRecoveryCodes(session.accountId, row.id, codes.hashes);
    return { recoveryCodes: codes.shown, status: await this.status(session) };
  }

  /** Switches the person's own two-factor sign-in off with their password or a current code (not while the account requires it). */
  async disable(session: Session, proof: { password: string } | { code: string }): Promise<TwoFactorStatus> {
    const login = twoFactorLoginOf(session);
    const row = await this.enabledRow(login);
    const account = await this.deps.accounts.getAccount(session.accountId);
    if (account?.require_two_factor === 1) throw new AppError('FORBIDDEN', 'This account requires two-factor sign-in, so it cannot be switched off. To move to a new phone, ask an administrator to reset it.');
    if ('code' in proof) await this.checkCode(login, row, proof.code, 'code');
    else {
      await this.guard(login);
      const { passwordHash } = await this.who(session);
      if (passwordHash === null || !(await verifyPassword(passwordHash, proof.password))) await this.failed(login, 'password', 'The password is not correct');
    }
    await this.deps.repo.remove(login);
    return this.status(session);
  }

  /** The second step of a sign-in: a current code or an unused recovery code of the login (each accepted once). */
  async checkSignIn(login: TwoFactorLogin, factor: SecondFactor): Promise<void> {
    const row = await this.enabledRow(login);
    if ('code' in factor) return this.checkCode(login, row, factor.code, 'code');
    await this.guard(login);
    if (!(await this.deps.repo.useRecoveryCode(login.accountId, row.id, hashSecret(factor.recoveryCode)))) {
      await this.failed(login, 'recoveryCode', 'This recovery code is not right or was used already');
    }
  }

  /** An administrator switches a team member's two-factor sign-in off: their sessions end, they are mailed, it is logged. */
  async reset(session: Session, memberId: number): Promise<void> {
    if (memberId === session.accountUserId) throw new AppError('FORBIDDEN', 'Manage your own two-factor sign-in on your profile.');
    const member = await this.deps.accounts.getAccountUser(session.accountId, memberId);
    if (!member) throw new AppError('NOT_FOUND', 'This team member does not exist.');
    if (!(await this.deps.repo.remove({ accountId: session.accountId, accountUserId: memberId }))) throw new AppError('CONFLICT', 'This team member has no two-factor sign-in to reset.');
    await this.deps.tokens.deleteForOwner({ accountUserId: memberId }, ['session', 'two_factor_challenge']);
    const by = await this.who(session);
    const byName = session.accountUserId === null ? ((await this.deps.accounts.getAdminOfAccount(session.accountId))?.name ?? by.email) : ((await this.deps.accounts.getAccountUser(session.accountId, session.accountUserId))?.name ?? by.email);
    this.deps.log?.info({ accountId: session.accountId, byAdminId: session.adminId, byAccountUserId: session.accountUserId, memberId }, 'two-factor sign-in reset by an administrator');
    await this.deps.mailer.send(twoFactorResetMail(member.email, by.companyName, byName || by.email, `${this.deps.publicUrl}/signin`));
  }

  /** The owner requires (or stops requiring) two-factor sign-in of the team; sessions of logins without it end. */
  async setRequired(session: Session, required: boolean): Promise<void> {
    if (required && !(await this.isOn(twoFactorLoginOf(session)))) {
      throw new AppError('CONFLICT', 'Switch on two-factor sign-in for yourself first (Your profile), then require it of the team.');
    }
    await this.deps.accounts.updateAccount(session.accountId, { require_two_factor: required ? 1 : 0 });
    if (required) await this.deps.tokens.deleteSessionsWithoutTwoFactor(session.accountId);
  }

  private async enabledRow(login: TwoFactorLogin): Promise<TwoFactorRow> {
    const row = await this.deps.repo.get(login);
    if (!row || row.enabled_at === null) throw new AppError('CONFLICT', 'Two-factor sign-in is not on for this login.');
    return row;
  }

  /** Refuses at once when the login has sent too many wrong codes lately. */
  private async guard(login: TwoFactorLogin): Promise<void> {
    if ((await this.deps.limiter.used(this.bucket(login), FAIL_WINDOW_SECONDS)) >= MAX_FAILED_CODES) {
      throw new AppError('LIMIT_MINUTE', 'Too many wrong codes. Please wait a few minutes and try again.', undefined, this.deps.limiter.secondsLeft(FAIL_WINDOW_SECONDS));
    }
  }

  /** Counts a wrong code against the login and refuses it, the message on the field. */
  private async failed(login: TwoFactorLogin, field: string, message: string): Promise<never> {
    await this.deps.limiter.hit(this.bucket(login), FAIL_WINDOW_SECONDS, MAX_FAILED_CODES);
    throw new AppError('VALIDATION_FAILED', `${message}.`, [{ path: field, message }]);
  }

  private bucket(login: TwoFactorLogin): string {
    return `2fa:fail:${login.accountId}:${login.accountUserId ?? 'owner'}`;
  }

  /** Accepts a code of the current time step or one either side, once: its step is recorded before it counts. */
  private async checkCode(login: TwoFactorLogin, row: TwoFactorRow, code: string, field: string): Promise<void> {
    await this.guard(login);
    const totp = totpOf(row.secret);
    const delta = totp.validate({ token: code, window: 1 });
    if (delta === null) return this.failed(login, field, 'This code is not right. Check the time on your phone and enter the current code');
    if (!(await this.deps.repo.acceptStep(login.accountId, row.id, totp.counter() + delta))) {
      return this.failed(login, field, 'This code was used already. Wait for the next one');
    }
  }
}
