import type { SessionUser } from '@scanbase/contracts';
import { privileges as privilegesSchema, type Privileges } from '@scanbase/contracts';
import type { Config } from '../../config.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Session } from '../../platform/auth/session.js';
import { hashSecret, hoursFromNow, newSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { passwordResetMail, verificationMail } from './account-mail.js';
import type { AccountsRepo } from './accounts.repo.js';
import type { AuthTokensRepo } from './auth-tokens.repo.js';
import type { SecondFactor, TwoFactorService } from './two-factor.service.js';

const ALL_PRIVILEGES: Privileges = { user: true, webapp_login: true, billing: true };
const VERIFY_HOURS = 48;
const RESET_HOURS = 1;
const SELECT_HOURS = 1 / 6;
/** A sign-in challenge (password right, code still to come) lasts this long. */
export const CHALLENGE_SECONDS = 300;
/** "Last seen" of a session is written at most this often (see resolveSession). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** Where a web session is started from: the browser's user agent and the caller's IP (either may be unknown). */
export type SeenFrom = { userAgent: string | null; ip: string | null };
const UNKNOWN: SeenFrom = { userAgent: null, ip: null };
/**
 * Sign-up answers CONFLICT for an email that already signs in (the web app then offers a second
 * company for it), which tells whether an email is known. One IP gets this many such answers an
 * hour; past them every sign-up from it waits, so the answer cannot be used to sweep a list.
 */
export const SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR = 10;

/** One login that matched an email and password: the owner of an account, or a team member. */
type Candidate = { accountId: number; companyName: string; adminId: number; accountUserId: number | null; role: string };

/** Reads a stored privileges map; anything unreadable grants nothing beyond `user`. */
export function parsePrivileges(text: string | null): Privileges {
  try {
    return privilegesSchema.parse(JSON.parse(text ?? '{}'));
  } catch {
    return { user: true, webapp_login: false, billing: false };
  }
}

export type AuthServiceDeps = {
  accounts: AccountsRepo;
  tokens: AuthTokensRepo;
  mailer: Mailer;
  limiter: RateLimiter;
  twoFactor: TwoFactorService;
  config: Pick<Config, 'publicUrl' | 'sessionTtlHours' | 'limits'>;
  /** Whether an account's team members must sign in through its identity provider (docs/SSO.md); the owner never must. */
  requiresSso?: (accountId: number) => Promise<boolean>;
};

/** How a sign-in goes on once the login is known: a session, or the second step of two-factor sign-in. */
type SignedIn = { kind: 'signed_in'; token: string; user: SessionUser };
type Challenge = { kind: 'two_factor'; challenge: string; expiresInSeconds: number } | { kind: 'two_factor_setup'; token: string; user: SessionUser };

/** Registration, verification, sign-in (with the multi-account choice), sign-out and password reset. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private link(path: string): string {
    return `${this.deps.config.publicUrl}${path}`;
  }

  /** Creates an account with its owner and mails the verification link. */
  async signUp(input: { companyName: string; name: string; email: string; password: string; confirmMultiAccount?: boolean }, ip: string): Promise<{ accountId: number }> {
    // A second company for an email that already signs in is allowed, but only when asked for
    // explicitly (/confirm-multi-account), so a typo'd sign-up does not silently split accounts.
    if (!input.confirmMultiAccount) {
      const bucket = `signup-known:ip:${ip}`;
      const limited = (retryAfterSeconds: number) => new AppError('LIMIT_MINUTE', 'Too many sign-ups from this address. Please wait and try again.', undefined, retryAfterSeconds);
      if ((await this.deps.limiter.used(bucket, 3600)) >= SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR) throw limited(this.deps.limiter.secondsLeft(3600));
      const [admins, members] = await Promise.all([this.deps.accounts.findAdminsByEmail(input.email), this.deps.accounts.findActiveAccountUsersByEmail(input.email)]);
      if (admins.length > 0 || members.length > 0) {
        const d = await this.deps.limiter.hit(bucket, 3600, SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR);
        if (!d.allowed) throw limited(d.retryAfterSeconds);
        throw new AppError('CONFLICT', 'This email already signs in to Scanbase. Sign in, or confirm that you want another company with it.');
      }
    }
    const passwordHash = await hashPassword(input.password);
    const { accountId, adminId } = await this.deps.accounts.createAccountWithAdmin({ ...input, passwordHash, verified: false });
    await this.sendVerification(adminId, accountId, input.email, input.companyName);
    return { accountId };
  }

  /** Creates an already-verified account (CLI). */
  async createVerifiedAccount(input: { companyName: string; name: string; email: string; password: string }): Promise<{ accountId: number; adminId: number }> {
    const passwordHash = await hashPassword(input.password);
    return this.deps.accounts.createAccountWithAdmin({ ...input, passwordHash, verified: true });
  }

  private async sendVerification(adminId: number, accountId: number, email: string, companyName: string): Promise<void> {
    const secret = newSecret();
    await this.deps.tokens.insert('verify_email', hashSecret(secret), { accountId, adminId, accountUserId: null }, hoursFromNow(VERIFY_HOURS));
    await this.deps.mailer.send(verificationMail(email, companyName, this.link(`/activation/${secret}/`)));
  }

  /** Mails a fresh verification link to every unverified account of the email. */
  async resendVerification(email: string): Promise<void> {
    for (const admin of await this.deps.accounts.findAdminsByEmail(email)) {
      if (admin.email_verified_at === null) await this.sendVerification(admin.id, admin.account_id, admin.email, admin.company_name);
    }
  }

  /** Confirms the email of the token's owner and signs them in. */
  async verifyEmail(secret: string, seen: SeenFrom = UNKNOWN): Promise<{ token: string; user: SessionUser }> {
    const row = await this.deps.tokens.findLive('verify_email', hashSecret(secret));
    if (!row || row.admin_id === null || row.account_id === null) throw new AppError('NOT_FOUND', 'This confirmation link is invalid or has expired. Ask for a new one.');
    await this.deps.accounts.markAdminVerified(row.admin_id);
    await this.deps.tokens.deleteById(row.id);
    const admin = await this.deps.accounts.getAdmin(row.admin_id);
    if (!admin) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return this.issueSession({ accountId: admin.account_id, companyName: admin.company_name, adminId: admin.id, accountUserId: null, role: 'owner' }, seen);
  }

  private async limitSignIn(email: string, ip: string): Promise<void> {
    const { limits } = this.deps.config;
    const byIp = await this.deps.limiter.hit(`signin:ip:${ip}`, 60, limits.signinPerIpPerMinute);
    const byEmail = await this.deps.limiter.hit(`signin:email:${email}`, 3600, limits.signinPerEmailPerHour);
    const blocked = [byIp, byEmail].find((d) => !d.allowed);
    if (blocked) throw new AppError('LIMIT_MINUTE', 'Too many sign-in attempts. Please wait and try again.', undefined, blocked.retryAfterSeconds);
  }

  private async matchingLogins(email: string, password: string): Promise<{ verified: Candidate[]; unverified: number; ssoOnly: number }> {
    const [admins, members] = await Promise.all([this.deps.accounts.findAdminsByEmail(email), this.deps.accounts.findActiveAccountUsersByEmail(email)]);
    const verified: Candidate[] = [];
    let unverified = 0;
    let ssoOnly = 0;
    if (admins.length === 0 && members.length === 0) {
      await burnPasswordCheck(password);
      return { verified, unverified, ssoOnly };
    }
    for (const admin of admins) {
      if (!(await verifyPassword(admin.password_hash, password))) continue;
      if (admin.email_verified_at === null) unverified++;
      else verified.push({ accountId: admin.account_id, companyName: admin.company_name, adminId: admin.id, accountUserId: null, role: 'owner' });
    }
    for (const member of members) {
      if (member.password_hash === null || !(await verifyPassword(member.password_hash, password))) continue;
      // "Require SSO": a team member's right password does not sign in; the owner's does (break-glass).
      if (await this.deps.requiresSso?.(member.account_id)) {
        ssoOnly++;
        continue;
      }
      const owner = await this.deps.accounts.getAdminOfAccount(member.account_id);
      if (owner) verified.push({ accountId: member.account_id, companyName: member.company_name, adminId: owner.id, accountUserId: member.id, role: member.role });
    }
    return { verified, unverified, ssoOnly };
  }

  /** Signs in; an email with several matching accounts answers a ticket and the list to choose from. */
  async signIn(input: { email: string; password: string; accountId?: number | undefined }, ip: string, userAgent: string | null = null): Promise<SignedIn | Challenge | { kind: 'choose_account'; ticket: string; accounts: { accountId: number; companyName: string; role: string }[] }> {
    await this.limitSignIn(input.email, ip);
    const { verified, unverified, ssoOnly } = await this.matchingLogins(input.email, input.password);
    const candidates = input.accountId === undefined ? verified : verified.filter((c) => c.accountId === input.accountId);
    if (candidates.length === 0) {
      if (ssoOnly > 0) throw new AppError('FORBIDDEN', 'Your company signs in with single sign-on: choose “Sign in with SSO” and enter your email.');
      if (unverified > 0 && verified.length === 0) throw new AppError('VERIFY_EMAIL', 'Confirm your email address first: we sent you a link when you signed up.');
      throw new AppError('AUTH_FAILED', 'The email or password is not correct.');
    }
    const [only] = candidates;
    if (candidates.length === 1 && only) return this.proceed(only, { userAgent, ip });
    const secret = newSecret();
    await this.deps.tokens.insert('account_select', hashSecret(secret), { accountId: null, adminId: null, accountUserId: null }, hoursFromNow(SELECT_HOURS), JSON.stringify(candidates));
    return { kind: 'choose_account', ticket: secret, accounts: candidates.map((c) => ({ accountId: c.accountId, companyName: c.companyName, role: c.role })) };
  }

  /** Finishes a multi-account sign-in with the chosen account. */
  async selectAccount(ticket: string, accountId: number, seen: SeenFrom = UNKNOWN): Promise<SignedIn | Challenge> {
    const row = await this.deps.tokens.findLive('account_select', hashSecret(ticket));
    if (!row) throw new AppError('AUTH_FAILED', 'This sign-in has expired. Please sign in again.');
    const candidates = JSON.parse(row.payload ?? '[]') as Candidate[];
    const chosen = candidates.find((c) => c.accountId === accountId);
    if (!chosen) throw new AppError('FORBIDDEN', 'That account is not one of the accounts offered for this sign-in.');
    await this.deps.tokens.deleteById(row.id);
    return this.proceed(chosen, seen);
  }

  /** A login whose password was right: a session (one that may only set up two-factor sign-in when its account requires it), or a challenge when it has it on. */
  private async proceed(login: Candidate, seen: SeenFrom): Promise<SignedIn | Challenge> {
    if (!(await this.deps.twoFactor.isOn({ accountId: login.accountId, accountUserId: login.accountUserId }))) {
      const started = await this.issueSession(login, seen);
      return { kind: started.user.twoFactorSetupRequired ? 'two_factor_setup' : 'signed_in', ...started };
    }
    const secret = newSecret();
    const expires = new Date(Date.now() + CHALLENGE_SECONDS * 1000).toISOString();
    await this.deps.tokens.insert('two_factor_challenge', hashSecret(secret), { accountId: login.accountId, adminId: login.adminId, accountUserId: login.accountUserId }, expires, JSON.stringify(login));
    return { kind: 'two_factor', challenge: secret, expiresInSeconds: CHALLENGE_SECONDS };
  }

  /** The second step of a sign-in: the challenge and a code (or recovery code) give the session; the challenge is used up. */
  async verifySignIn(challenge: string, factor: SecondFactor, ip: string, seen: SeenFrom = UNKNOWN): Promise<SignedIn> {
    const byIp = await this.deps.limiter.hit(`2fa:ip:${ip}`, 60, this.deps.config.limits.signinPerIpPerMinute);
    if (!byIp.allowed) throw new AppError('LIMIT_MINUTE', 'Too many sign-in attempts. Please wait and try again.', undefined, byIp.retryAfterSeconds);
    const expired = () => new AppError('AUTH_FAILED', 'This sign-in has expired. Please sign in again.');
    const row = await this.deps.tokens.findLive('two_factor_challenge', hashSecret(challenge));
    if (!row) throw expired();
    const login = JSON.parse(row.payload ?? '{}') as Candidate;
    await this.deps.twoFactor.checkSignIn({ accountId: login.accountId, accountUserId: login.accountUserId }, factor);
    // Two right answers at once (a code and a recovery code) still give one session.
    if (!(await this.deps.tokens.consume(row.id))) throw expired();
    return { kind: 'signed_in', ...(await this.issueSession(login, seen)) };
  }

  private async issueSession(login: Candidate, seen: SeenFrom): Promise<{ token: string; user: SessionUser }> {
    const token = newSecret();
    const from = { userAgent: seen.userAgent?.slice(0, 512) || null, ip: seen.ip?.slice(0, 64) || null };
    await this.deps.tokens.insertSession(hashSecret(token), { accountId: login.accountId, adminId: login.adminId, accountUserId: login.accountUserId }, hoursFromNow(this.deps.config.sessionTtlHours), from);
    const session = await this.resolveSession(token);
    if (!session) throw new AppError('INTERNAL_ERROR', 'The session could not be started.');
    return { token, user: await this.sessionUser(session) };
  }

  /** Issues a session for a login an identity provider vouched for (SSO, Google): the owner (accountUserId null) or a team member. No TOTP step: docs/SSO.md. */
  async sessionFor(accountId: number, accountUserId: number | null, seen: SeenFrom = UNKNOWN): Promise<{ token: string; user: SessionUser }> {
    const owner = await this.deps.accounts.getAdminOfAccount(accountId);
    if (!owner) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return this.issueSession({ accountId, companyName: owner.company_name, adminId: owner.id, accountUserId, role: accountUserId === null ? 'owner' : '' }, seen);
  }

  /** Issues a session for a team member who just accepted an invitation. */
  async sessionForAccountUser(accountId: number, accountUserId: number, role: string, seen: SeenFrom = UNKNOWN): Promise<{ token: string; user: SessionUser }> {
    const owner = await this.deps.accounts.getAdminOfAccount(accountId);
    if (!owner) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return this.issueSession({ accountId, companyName: owner.company_name, adminId: owner.id, accountUserId, role }, seen);
  }

  /**
   * The session behind a token, with the live role and privileges (undefined when unknown or expired).
   * "Last seen" comes with the session row; it is written only when more than a minute old, and the UPDATE's
   * own condition keeps concurrent requests from writing it twice, so a busy session costs one write a minute.
   */
  async resolveSession(token: string): Promise<Session | undefined> {
    const row = await this.deps.tokens.findSession(hashSecret(token));
    if (!row) return undefined;
    const now = Date.now();
    if (row.last_seen_at === null || Date.parse(row.last_seen_at) < now - LAST_SEEN_EVERY_MS) {
      await this.deps.tokens.touchSession(row.token_id, new Date(now).toISOString(), new Date(now - LAST_SEEN_EVERY_MS).toISOString());
    }
    // The account requires two-factor sign-in and this login has not set it up: only the set-up routes answer.
    const twoFactorPending = row.require_two_factor === 1 && row.two_factor_id === null;
    if (row.account_user_id === null) return { tokenId: row.token_id, accountId: row.account_id, adminId: row.admin_id, accountUserId: null, role: 'owner', privileges: ALL_PRIVILEGES, twoFactorPending };
    if (row.role === null) return undefined;
    const role = row.role;
    const privileges = role === 'owner' ? ALL_PRIVILEGES : parsePrivileges(row.privileges);
    return { tokenId: row.token_id, accountId: row.account_id, adminId: row.admin_id, accountUserId: row.account_user_id, role, privileges, twoFactorPending };
  }

  /** The signed-in person as the web app's session record describes them. */
  async sessionUser(session: Session): Promise<SessionUser> {
    const admin = await this.deps.accounts.getAdminOfAccount(session.accountId);
    if (!admin) throw new AppError('AUTH_FAILED', 'This account no longer exists.');
    const member = session.accountUserId === null ? undefined : await this.deps.accounts.getAccountUser(session.accountId, session.accountUserId);
    return {
      adminId: admin.id,
      accountId: admin.account_id,
      account: admin.company_name,
      accountUserId: member?.id ?? null,
      username: member?.email ?? admin.email,
      name: member?.name ?? admin.name,
      role: session.role,
      accountPrivileges: session.privileges,
      timezone: member?.timezone ?? admin.timezone,
      twoFactorSetupRequired: session.twoFactorPending,
    };
  }

  /** Revokes a session token; answers whether one was revoked. */
  async signOut(token: string): Promise<boolean> {
    return (await this.deps.tokens.deleteByHash(hashSecret(token))) > 0;
  }

  /** Mails a reset link to every login of the email (silently does nothing for unknown emails). */
  async forgotPassword(email: string, ip: string): Promise<void> {
    await this.limitSignIn(email, ip);
    const [admins, members] = await Promise.all([this.deps.accounts.findAdminsByEmail(email), this.deps.accounts.findActiveAccountUsersByEmail(email)]);
    for (const admin of admins) await this.sendReset(email, { accountId: admin.account_id, adminId: admin.id, accountUserId: null });
    for (const member of members) await this.sendReset(email, { accountId: member.account_id, adminId: null, accountUserId: member.id });
  }

  /** Creates a reset token and answers its link (the CLI prints it; the web flow mails it). */
  async resetLink(owner: { accountId: number; adminId: number | null; accountUserId: number | null }): Promise<string> {
    const secret = newSecret();
    await this.deps.tokens.insert('password_reset', hashSecret(secret), owner, hoursFromNow(RESET_HOURS));
    return this.link(`/resetpassword/${secret}/`);
  }

  private async sendReset(email: string, owner: { accountId: number; adminId: number | null; accountUserId: number | null }): Promise<void> {
    await this.deps.mailer.send(passwordResetMail(email, await this.resetLink(owner)));
  }

  /** Sets a new password from a reset token and ends every session of that login; an IP gets the sign-in allowance per minute. */
  async resetPassword(secret: string, password: string, ip: string): Promise<void> {
    const byIp = await this.deps.limiter.hit(`reset:ip:${ip}`, 60, this.deps.config.limits.signinPerIpPerMinute);
    if (!byIp.allowed) throw new AppError('LIMIT_MINUTE', 'Too many password reset attempts. Please wait and try again.', undefined, byIp.retryAfterSeconds);
    const row = await this.deps.tokens.findLive('password_reset', hashSecret(secret));
    if (!row || row.account_id === null) throw new AppError('NOT_FOUND', 'This reset link is invalid or has expired. Ask for a new one.');
    const passwordHash = await hashPassword(password);
    if (row.account_user_id !== null) {
      await this.deps.accounts.updateAccountUser(row.account_id, row.account_user_id, { password_hash: passwordHash });
      await this.deps.tokens.deleteForOwner({ accountUserId: row.account_user_id }, ['session', 'password_reset']);
    } else if (row.admin_id !== null) {
      await this.deps.accounts.setAdminPassword(row.admin_id, passwordHash);
      // Following an emailed link proves the address, too.
      await this.deps.accounts.markAdminVerified(row.admin_id);
      await this.deps.tokens.deleteForOwner({ adminId: row.admin_id }, ['session', 'password_reset']);
    }
    await this.deps.tokens.deleteById(row.id);
  }
}
