import type { Profile, ProfileSession, SessionUser } from '@scanbase/contracts';
import type { Config } from '../../config.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Session } from '../../platform/auth/session.js';
import { hashSecret, hoursFromNow, newSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { confirmEmailChangeMail, emailChangeNoticeMail } from './account-mail.js';
import type { AccountsRepo } from './accounts.repo.js';
import type { AuthService } from './auth.service.js';
import type { AuthTokensRepo, Login } from './auth-tokens.repo.js';

const CHANGE_EMAIL_HOURS = 24;

export type ProfileServiceDeps = {
  accounts: AccountsRepo;
  tokens: AuthTokensRepo;
  auth: AuthService;
  mailer: Mailer;
  limiter: RateLimiter;
  config: Pick<Config, 'publicUrl' | 'limits'>;
};

/** The login behind a session: the owner's admin record, or one team member (account user). */
function loginOf(session: Session): Login {
  return { accountId: session.accountId, adminId: session.adminId, accountUserId: session.accountUserId };
}

/** The signed-in person's own record: name, email, time zone, password and their web sessions. */
export class ProfileService {
  constructor(private readonly deps: ProfileServiceDeps) {}

  /** Name, email, password hash and time zone of the session's login. */
  private async record(session: Session): Promise<{ name: string; email: string; timezone: string; passwordHash: string | null }> {
    const admin = await this.deps.accounts.getAdminOfAccount(session.accountId);
    if (!admin) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    if (session.accountUserId === null) return { name: admin.name, email: admin.email, timezone: admin.timezone, passwordHash: admin.password_hash };
    const member = await this.deps.accounts.getAccountUser(session.accountId, session.accountUserId);
    if (!member) throw new AppError('NOT_FOUND', 'This team member no longer exists.');
    return { name: member.name, email: member.email, timezone: member.timezone ?? admin.timezone, passwordHash: member.password_hash };
  }

  /** The person's profile with any email change waiting for its link. */
  async get(session: Session): Promise<Profile> {
    const [rec, pending] = await Promise.all([this.record(session), this.deps.tokens.findLiveOfLogin(loginOf(session), 'change_email')]);
    return { name: rec.name, email: rec.email, timezone: rec.timezone, kind: session.accountUserId === null ? 'owner' : 'member', pendingEmail: pending ? this.pendingEmail(pending.payload) : null };
  }

  private pendingEmail(payload: string | null): string | null {
    try {
      const parsed = JSON.parse(payload ?? '{}') as { email?: unknown };
      return typeof parsed.email === 'string' ? parsed.email : null;
    } catch {
      return null;
    }
  }

  /** Changes the person's own name and time zone (the owner's time zone is the account's). */
  async update(session: Session, patch: { name?: string | undefined; timezone?: string | undefined }): Promise<{ profile: Profile; user: SessionUser }> {
    if (session.accountUserId === null) {
      if (patch.name !== undefined) await this.deps.accounts.updateAdmin(session.accountId, session.adminId, { name: patch.name });
      if (patch.timezone !== undefined) await this.deps.accounts.setAdminTimezone(session.accountId, patch.timezone);
    } else {
      await this.deps.accounts.updateAccountUser(session.accountId, session.accountUserId, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
      });
    }
    return { profile: await this.get(session), user: await this.deps.auth.sessionUser(session) };
  }

  /** Checks the person's current password; a login gets the sign-in allowance of wrong guesses per hour. */
  private async checkPassword(session: Session, password: string, hash: string | null): Promise<void> {
    const who = session.accountUserId === null ? `a:${session.adminId}` : `u:${session.accountUserId}`;
    const d = await this.deps.limiter.hit(`reauth:${who}`, 3600, this.deps.config.limits.signinPerEmailPerHour);
    if (!d.allowed) throw new AppError('LIMIT_MINUTE', 'Too many password attempts. Please wait and try again.', undefined, d.retryAfterSeconds);
    // 422 with the field, not 401: a wrong password here must not read as "your session ended".
    if (hash === null || !(await verifyPassword(hash, password))) throw new AppError('VALIDATION_FAILED', 'The current password is not correct.', [{ path: 'currentPassword', message: 'The current password is not correct' }]);
  }

  /** Sets a new password after checking the current one; every other session of this login ends, this one stays. */
  async changePassword(session: Session, currentPassword: string, newPassword: string): Promise<{ ok: true; signedOut: number }> {
    const rec = await this.record(session);
    await this.checkPassword(session, currentPassword, rec.passwordHash);
    const passwordHash = await hashPassword(newPassword);
    if (session.accountUserId === null) await this.deps.accounts.updateAdmin(session.accountId, session.adminId, { password_hash: passwordHash });
    else await this.deps.accounts.updateAccountUser(session.accountId, session.accountUserId, { password_hash: passwordHash });
    const login = loginOf(session);
    await this.deps.tokens.deleteOfLogin(login, 'password_reset');
    return { ok: true, signedOut: await this.deps.tokens.deleteSessions(login, { exceptId: session.tokenId }) };
  }

  /** The person's web sessions, the calling one first, then the most recently seen. */
  async sessions(session: Session): Promise<{ items: ProfileSession[] }> {
    const rows = await this.deps.tokens.listSessions(loginOf(session));
    const items = rows.map((r) => ({ id: r.id, userAgent: r.user_agent, ip: r.ip, createdAt: r.created_at, lastSeenAt: r.last_seen_at, current: r.id === session.tokenId }));
    const seen = (s: ProfileSession) => s.lastSeenAt ?? s.createdAt;
    items.sort((a, b) => Number(b.current) - Number(a.current) || seen(b).localeCompare(seen(a)));
    return { items };
  }

  /** Ends one of the person's sessions, or all but the calling one; another login's session answers NOT_FOUND. */
  async revoke(session: Session, which: { id: number } | { allOthers: true }): Promise<{ ok: true; signedOut: number }> {
    const login = loginOf(session);
    if ('allOthers' in which) return { ok: true, signedOut: await this.deps.tokens.deleteSessions(login, { exceptId: session.tokenId }) };
    const n = await this.deps.tokens.deleteSessions(login, { id: which.id });
    if (n === 0) throw new AppError('NOT_FOUND', 'This session has already ended.');
    return { ok: true, signedOut: n };
  }

  /** Refuses an email another login of the same account already signs in with. */
  private async assertEmailFree(session: Session, email: string): Promise<void> {
    const [admin, member] = await Promise.all([this.deps.accounts.getAdminOfAccount(session.accountId), this.deps.accounts.findAccountUserByEmail(session.accountId, email)]);
    const ownerTaken = admin !== undefined && admin.email === email && session.accountUserId !== null;
    const memberTaken = member !== undefined && member.id !== session.accountUserId;
    if (ownerTaken || memberTaken) throw new AppError('CONFLICT', 'Someone else in this account already signs in with this email.');
  }

  /** Mails a confirmation link to the new address and a notice to the old one; nothing changes until the link is opened. */
  async requestEmailChange(session: Session, email: string, currentPassword: string): Promise<void> {
    const rec = await this.record(session);
    await this.checkPassword(session, currentPassword, rec.passwordHash);
    if (email === rec.email) throw new AppError('VALIDATION_FAILED', 'This is already your email.', [{ path: 'email', message: 'This is already your email' }]);
    await this.assertEmailFree(session, email);
    const login = loginOf(session);
    // One pending change at a time: a new request voids the earlier link.
    await this.deps.tokens.deleteOfLogin(login, 'change_email');
    const secret = newSecret();
    const owner = { accountId: session.accountId, adminId: session.adminId, accountUserId: session.accountUserId };
    await this.deps.tokens.insert('change_email', hashSecret(secret), owner, hoursFromNow(CHANGE_EMAIL_HOURS), JSON.stringify({ email }));
    await this.deps.mailer.send(confirmEmailChangeMail(email, `${this.deps.config.publicUrl}/account/userprofile/?confirmEmail=${secret}`));
    await this.deps.mailer.send(emailChangeNoticeMail(rec.email, email));
  }

  /** Applies an email change from its mailed link; the link must be opened signed in as the same login. */
  async confirmEmail(session: Session, secret: string): Promise<{ profile: Profile; user: SessionUser }> {
    const row = await this.deps.tokens.findLive('change_email', hashSecret(secret));
    const email = row ? this.pendingEmail(row.payload) : null;
    if (!row || email === null) throw new AppError('NOT_FOUND', 'This confirmation link is invalid, has expired or was already used. Ask for a new one on Your profile.');
    const same = row.account_id === session.accountId && (session.accountUserId === null ? row.account_user_id === null && row.admin_id === session.adminId : row.account_user_id === session.accountUserId);
    if (!same) throw new AppError('FORBIDDEN', 'This link belongs to another login. Sign in with the login whose email you are changing, then open the link again.');
    await this.assertEmailFree(session, email);
    if (session.accountUserId === null) await this.deps.accounts.updateAdmin(session.accountId, session.adminId, { email });
    else await this.deps.accounts.updateAccountUser(session.accountId, session.accountUserId, { email });
    await this.deps.tokens.deleteOfLogin(loginOf(session), 'change_email');
    return { profile: await this.get(session), user: await this.deps.auth.sessionUser(session) };
  }
}
