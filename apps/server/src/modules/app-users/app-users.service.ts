import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { hashSecret, newSecret } from '../../platform/auth/tokens.js';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { AppUserRow, AppUsersRepo } from './app-users.repo.js';
import { noWebhookEvents, type WebhookEvents } from '../webhooks/webhook-events.js';
import { brandedMail } from '../branding/branded-mail.js';
import { noMailBranding, type MailBranding } from '../branding/branding.service.js';

/** Which column (0-based) holds each field of an app-user import. */
export type UserColumns = { username: number; password?: number | null | undefined; deviceLimit?: number | null | undefined; services?: number | null | undefined };
export type UserImportOptions = { hasHeader: boolean; columns: UserColumns; onError: 'abort' | 'skip' };
export type UserImportReport = { rows: number; imported: number; rejected: number; rejectedRows: { row: number; reason: string }[]; invitesNotSent: string[] };
export type UserImportHooks = {
  onProgress?: ((p: { rows: number; stage: 'checking' | 'creating' }) => void) | undefined;
  onRejected?: ((r: { row: number; reason: string; value: string }) => void | Promise<void>) | undefined;
};
type ReadyUser = { row: number; username: string; passwordHash: string | null; deviceLimit: number | null; serviceIds: number[]; invite: string | null };

/** An import holds its checked rows (with password hashes) until it writes them: this many at most. */
export const MAX_IMPORTED_USERS = 10_000;
const REPORTED_ROWS = 1000;

export type AppUserInfo = { id: number; username: string; isOwner: boolean; invited: boolean; deviceLimit: number | null; serviceIds: number[]; createdAt: string };

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const USERNAME = /^[\p{L}\p{N}._+-]{2,64}$/u;

/** Legacy `users/validate`: this many wrong passwords for one username of one account lock it... */
export const VALIDATE_FAILURES_ALLOWED = 10;
/** ...until this fixed window (15 minutes) has passed. */
export const VALIDATE_WINDOW_SECONDS = 900;
/**
 * Usernames are unique across the install (the scanner signs in with the username alone), so
 * creating one that another account holds must fail; these failures tell a caller that the name
 * exists elsewhere (an owner's email, for instance), so an account gets this many an hour.
 */
export const FOREIGN_TAKEN_PER_HOUR = 30;

function looksLikeEmail(name: string): boolean {
  return name.includes('@');
}

/** App users: the people who scan with the mobile app, their passwords, device limits and services. */
export class AppUsersService {
  constructor(
    readonly repo: AppUsersRepo,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly limiter: RateLimiter,
    private readonly events: WebhookEvents = noWebhookEvents,
    private readonly branding: MailBranding = noMailBranding,
  ) {}

  /**
   * Every account has an app user for its owner (codeREADr does the same); it is created on first
   * use, signs in with the owner's credentials and cannot be changed or deleted here (343).
   */
  async ensureOwner(accountId: number): Promise<void> {
    if (await this.repo.findOwner(accountId)) return;
    const login = await this.repo.ownerLogin(accountId);
    if (!login) return;
    const taken = await this.repo.findByUsernameKey(login.email.toLowerCase());
    const username = taken ? `owner-${accountId}` : login.email;
    await this.repo.insert(accountId, { username, key: username.toLowerCase(), passwordHash: null, deviceLimit: null, isOwner: true, inviteHash: null }).catch(async (error: unknown) => {
      // Two first calls at once: the other one created it.
      if (!(await this.repo.findOwner(accountId))) throw error;
    });
  }

  /** Rows for an id list or `all`; an unknown id answers 201. */
  async resolve(accountId: number, ids: number[] | 'all'): Promise<AppUserRow[]> {
    await this.ensureOwner(accountId);
    const { rows } = await this.repo.list(accountId, { ids });
    if (Array.isArray(ids)) {
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw new CodedError('NOT_FOUND', 201, `User ${missing} does not exist.`);
    }
    return rows;
  }

  async describe(accountId: number, rows: AppUserRow[]): Promise<AppUserInfo[]> {
    const services = await this.repo.servicesOf(accountId, rows.map((r) => r.id));
    return rows.map((r) => ({ id: r.id, username: r.username, isOwner: r.is_owner === 1, invited: r.invite_token_hash !== null, deviceLimit: r.device_limit, serviceIds: services.filter((s) => s.app_user_id === r.id).map((s) => s.service_id), createdAt: r.created_at }));
  }

  async list(accountId: number, q: { page: number; limit: number; search?: string | undefined; sortby?: string | undefined; sortdirection?: 'asc' | 'desc' | undefined }) {
    await this.ensureOwner(accountId);
    const sortBy = q.sortby === 'username' ? 'username' : q.sortby === 'created' || q.sortby === 'createdAt' ? 'created_at' : 'id';
    const { rows, total } = await this.repo.list(accountId, { search: q.search, sortBy, desc: q.sortdirection === 'desc', offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: await this.describe(accountId, rows), total, page: q.page, limit: q.limit };
  }

  async get(accountId: number, id: number): Promise<AppUserInfo> {
    const [info] = await this.describe(accountId, await this.resolve(accountId, [id]));
    return info!;
  }

  /** Checks a new username: 342 missing, 330 a bad email, 340 invalid, 320 taken, 111 too many names found taken in other accounts. */
  private async checkUsername(accountId: number, raw: string | undefined, exceptId?: number): Promise<string> {
    const username = (raw ?? '').trim();
    if (username === '') throw new CodedError('VALIDATION_FAILED', 342, 'Username is missing.');
    if (looksLikeEmail(username) ? !EMAIL.test(username) || username.length > 254 : false) throw new CodedError('VALIDATION_FAILED', 330, `"${username}" is not a valid email address.`);
    if (!looksLikeEmail(username) && !USERNAME.test(username)) throw new CodedError('VALIDATION_FAILED', 340, 'Invalid username: use 2 to 64 letters, digits, dots, dashes, underscores or plus signs, or an email address.');
    const taken = await this.repo.findByUsernameKey(username.toLowerCase());
    if (taken && taken.id !== exceptId) {
      if (taken.account_id !== accountId) await this.countForeignTaken(accountId);
      throw new CodedError('CONFLICT', 320, `The username "${username}" is taken.`);
    }
    return username;
  }

  /** Counts one "taken by another account" answer; past the hourly allowance the answer is 111 instead, whatever the name. */
  private async countForeignTaken(accountId: number): Promise<void> {
    const d = await this.limiter.hit(`appuser-taken:account:${accountId}`, 3600, FOREIGN_TAKEN_PER_HOUR);
    if (!d.allowed) throw new CodedError('LIMIT_MINUTE', 111, `Too many usernames that are taken on this install were tried; try again in ${Math.ceil(d.retryAfterSeconds / 60)} minutes.`);
  }

  private checkPassword(raw: string | undefined): string {
    if (raw === undefined || raw === '') throw new CodedError('VALIDATION_FAILED', 341, 'Password is missing.');
    if (raw.length < 4 || raw.length > 200) throw new CodedError('VALIDATION_FAILED', 310, 'A password needs 4 to 200 characters.');
    return raw;
  }

  private checkLimit(raw: number | string | null | undefined): number | null | undefined {
    if (raw === undefined) return undefined;
    if (raw === null || raw === '' || raw === 0 || raw === '0') return null;
    const n = typeof raw === 'number' ? raw : /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!Number.isInteger(n) || n < 0) throw new CodedError('VALIDATION_FAILED', 310, 'limit must be a whole number of devices (0 or empty: unlimited).');
    return n;
  }

  private async setServices(accountId: number, repo: AppUsersRepo, userId: number, serviceIds: number[]): Promise<void> {
    const unique = [...new Set(serviceIds)];
    const live = await repo.liveServiceIds(accountId, unique);
    const missing = unique.find((id) => !live.includes(id));
    if (missing !== undefined) throw new CodedError('NOT_FOUND', 200, `Service ${missing} does not exist.`);
    await repo.setServices(accountId, userId, unique);
  }

  /** Creates an app user; an email username gets an invitation mail and its password is ignored. */
  async create(accountId: number, input: { username: string | undefined; password?: string | undefined; limit?: number | string | null | undefined; serviceIds?: number[] | undefined }): Promise<number> {
    await this.ensureOwner(accountId);
    const username = await this.checkUsername(accountId, input.username);
    const invite = looksLikeEmail(username);
    const passwordHash = invite ? null : await hashPassword(this.checkPassword(input.password));
    const deviceLimit = this.checkLimit(input.limit) ?? null;
    const secret = invite ? newSecret() : null;
    const id = await this.repo.transaction(async (repo) => {
      const created = await repo.insert(accountId, { username, key: username.toLowerCase(), passwordHash, deviceLimit, isOwner: false, inviteHash: secret ? hashSecret(secret) : null });
      if (input.serviceIds) await this.setServices(accountId, repo, created, input.serviceIds);
      return created;
    });
    if (secret) await this.mailer.send(await this.inviteMail(accountId, username, `${this.publicUrl}/user/confirmemail/appuser/${secret}/`));
    await this.events.emit(accountId, [{ type: 'app_user.created', data: { id, username, invited: invite, deviceLimit, serviceIds: input.serviceIds ?? [] } }]);
    return id;
  }

  /**
   * An app user made by single sign-on on first sign-in (docs/SSO.md "App users"): the email is the username, no
   * password (the identity provider vouches), the services and portals its groups grant (services deleted since are
   * left out). Answers the new id.
   */
  async createFromSso(accountId: number, input: { email: string; serviceIds: number[]; userPortal: boolean; taskPortal: boolean }): Promise<number> {
    await this.ensureOwner(accountId);
    const live = await this.repo.liveServiceIds(accountId, [...new Set(input.serviceIds)]);
    const id = await this.repo.transaction(async (repo) => {
      const created = await repo.insert(accountId, { username: input.email, key: input.email.toLowerCase(), passwordHash: null, deviceLimit: null, isOwner: false, inviteHash: null });
      await repo.setServices(accountId, created, live);
      await repo.setPortals(accountId, created, input.userPortal, input.taskPortal);
      return created;
    });
    await this.events.emit(accountId, [{ type: 'app_user.created', data: { id, username: input.email, invited: false, deviceLimit: null, serviceIds: live } }]);
    return id;
  }

  /**
   * Creates app users from rows of a file (username, password, device limit, services). Every row is
   * checked first (and passwords hashed) without writing; with onError 'abort' one bad row means no
   * user is created, with 'skip' the good rows are created and the others reported. Email usernames
   * get the invitation mail, as with `create`.
   */
  async importUsers(accountId: number, rows: AsyncIterable<string[][]>, o: UserImportOptions, hooks: UserImportHooks = {}): Promise<UserImportReport> {
    await this.ensureOwner(accountId);
    const report: UserImportReport = { rows: 0, imported: 0, rejected: 0, rejectedRows: [], invitesNotSent: [] };
    const ready: ReadyUser[] = [];
    const seen = new Set<string>();
    const reject = async (row: number, reason: string, value: string) => {
      report.rejected++;
      if (report.rejectedRows.length < REPORTED_ROWS) report.rejectedRows.push({ row, reason });
      await hooks.onRejected?.({ row, reason, value });
    };
    const cell = (cells: string[], col: number | null | undefined) => (col === null || col === undefined ? '' : (cells[col] ?? '').trim());
    let line = 0;
    for await (const chunk of rows) {
      for (const cells of chunk) {
        line++;
        if (line === 1 && o.hasHeader) continue;
        if (cells.every((c) => c.trim() === '')) continue;
        report.rows++;
        if (report.rows > MAX_IMPORTED_USERS) throw new CodedError('VALIDATION_FAILED', 50, `An import creates at most ${MAX_IMPORTED_USERS.toLocaleString('en-US')} app users; split the file.`);
        const username = cell(cells, o.columns.username);
        try {
          if (seen.has(username.toLowerCase())) throw new CodedError('CONFLICT', 320, `The username "${username}" appears twice in the file.`);
          ready.push(await this.checkImportRow(accountId, line, username, cell(cells, o.columns.password), cell(cells, o.columns.deviceLimit), cell(cells, o.columns.services)));
          seen.add(username.toLowerCase());
        } catch (error) {
          if (!(error instanceof CodedError)) throw error;
          await reject(line, error.message, username);
        }
        hooks.onProgress?.({ rows: report.rows, stage: 'checking' });
      }
    }
    if (line === 0) throw new CodedError('VALIDATION_FAILED', 1019, 'The file holds no rows.');
    if (o.onError === 'abort' && report.rejected > 0) return report;

    if (o.onError === 'abort') {
      // All or nothing: one transaction; a username taken since the check rolls every row back.
      await this.repo.transaction(async (repo) => {
        for (const u of ready) {
          await this.insertImported(accountId, repo, u);
          hooks.onProgress?.({ rows: ++report.imported, stage: 'creating' });
        }
      });
    } else {
      for (const u of ready) {
        try {
          await this.repo.transaction((repo) => this.insertImported(accountId, repo, u));
          report.imported++;
        } catch (error) {
          if (!(error instanceof CodedError)) throw error;
          await reject(u.row, error.message, u.username);
          u.invite = null;
        }
        hooks.onProgress?.({ rows: report.imported, stage: 'creating' });
      }
    }
    for (const u of ready) {
      if (u.invite === null) continue;
      try {
        await this.mailer.send(await this.inviteMail(accountId, u.username, `${this.publicUrl}/user/confirmemail/appuser/${u.invite}/`));
      } catch {
        report.invitesNotSent.push(u.username);
      }
    }
    report.rejectedRows.sort((a, b) => a.row - b.row);
    return report;
  }

  /** Checks one imported row like `create` would (username, password, limit, services); throws a CodedError naming the problem. */
  private async checkImportRow(accountId: number, row: number, rawName: string, password: string, limit: string, services: string): Promise<ReadyUser> {
    const username = await this.checkUsername(accountId, rawName);
    const invite = looksLikeEmail(username);
    const deviceLimit = this.checkLimit(limit) ?? null;
    const serviceIds = services === '' ? [] : services.split(/[\s,;|]+/).filter((x) => x !== '').map((x) => (/^\d{1,9}$/.test(x) ? Number(x) : NaN));
    if (serviceIds.some((id) => !Number.isInteger(id) || id <= 0)) throw new CodedError('VALIDATION_FAILED', 200, `Services must be service ids separated by spaces, commas or semicolons ("${services}").`);
    const unique = [...new Set(serviceIds)];
    const live = unique.length > 0 ? await this.repo.liveServiceIds(accountId, unique) : [];
    const missing = unique.find((id) => !live.includes(id));
    if (missing !== undefined) throw new CodedError('NOT_FOUND', 200, `Service ${missing} does not exist.`);
    const passwordHash = invite ? null : await hashPassword(this.checkPassword(password));
    return { row, username, passwordHash, deviceLimit, serviceIds: unique, invite: invite ? newSecret() : null };
  }

  private async insertImported(accountId: number, repo: AppUsersRepo, u: ReadyUser): Promise<void> {
    if (await repo.findByUsernameKey(u.username.toLowerCase())) throw new CodedError('CONFLICT', 320, `Row ${u.row}: the username "${u.username}" is taken.`);
    const id = await repo.insert(accountId, { username: u.username, key: u.username.toLowerCase(), passwordHash: u.passwordHash, deviceLimit: u.deviceLimit, isOwner: false, inviteHash: u.invite ? hashSecret(u.invite) : null });
    if (u.serviceIds.length > 0) await repo.setServices(accountId, id, u.serviceIds);
  }

  /** The invitation of an app user, in the account's branding (account/customize/). */
  private async inviteMail(accountId: number, to: string, link: string) {
    const brand = await this.branding.forMail(accountId);
    const intro = `You have been added as a scanner user on ${brand.appName}. Choose a password to sign in to the scanning app with this email address.`;
    // The scanner link names the account, so its sign-in shows the account's branding on a device that never saw it.
    const scanner = `${this.publicUrl}/scanner?account=${accountId}`;
    return brandedMail(brand, {
      to,
      subject: `You are invited to scan with ${brand.appName}`,
      paragraphs: [intro],
      link: { href: link, label: 'Choose your password' },
      after: { text: 'Then sign in to scan at', href: scanner },
    });
  }

  /** Changes username, password, device limit or services; 343 for the owner's app user. */
  async update(accountId: number, id: number, input: { username?: string | undefined; password?: string | undefined; limit?: number | string | null | undefined; serviceIds?: number[] | undefined }): Promise<void> {
    const [row] = await this.resolve(accountId, [id]);
    const touchesLogin = input.username !== undefined || input.password !== undefined || input.limit !== undefined;
    if (row!.is_owner === 1 && touchesLogin) throw new CodedError('FORBIDDEN', 343, "This action may not change the account owner's app user.");
    const username = input.username !== undefined && input.username.trim() !== row!.username ? await this.checkUsername(accountId, input.username, id) : undefined;
    const passwordHash = input.password !== undefined ? await hashPassword(this.checkPassword(input.password)) : undefined;
    const deviceLimit = this.checkLimit(input.limit);
    await this.repo.transaction(async (repo) => {
      await repo.update(accountId, id, { ...(username !== undefined ? { username, key: username.toLowerCase() } : {}), ...(passwordHash !== undefined ? { passwordHash, inviteHash: null } : {}), ...(deviceLimit !== undefined ? { deviceLimit } : {}) });
      if (input.serviceIds) await this.setServices(accountId, repo, id, input.serviceIds);
    });
  }

  /** Soft-deletes users (their scans stay); naming the owner's app user answers 343, `all` leaves it. */
  async delete(accountId: number, ids: number[] | 'all'): Promise<void> {
    const rows = await this.resolve(accountId, ids);
    if (ids !== 'all' && rows.some((r) => r.is_owner === 1)) throw new CodedError('FORBIDDEN', 343, "This action may not delete the account owner's app user.");
    await this.repo.softDelete(accountId, rows.filter((r) => r.is_owner !== 1).map((r) => r.id));
  }

  /**
   * Legacy `users/validate`: checks credentials like `checkCredentials`, but after
   * VALIDATE_FAILURES_ALLOWED wrong passwords for one username of the account within the
   * 15-minute window every attempt answers 111, even with the right password, until it passes.
   */
  async validate(accountId: number, usernameRaw: string | undefined, password: string | undefined): Promise<AppUserRow> {
    const bucket = `appuser-validate:${accountId}:${(usernameRaw ?? '').trim().toLowerCase()}`;
    const lockedOut = () => new CodedError('LIMIT_MINUTE', 111, `Too many wrong passwords for this username; try again in ${VALIDATE_WINDOW_SECONDS / 60} minutes.`);
    if ((await this.limiter.used(bucket, VALIDATE_WINDOW_SECONDS)) >= VALIDATE_FAILURES_ALLOWED) throw lockedOut();
    try {
      return await this.checkCredentials(accountId, usernameRaw, password);
    } catch (error) {
      if (error instanceof CodedError && error.legacyCode === 300) {
        // Counted after the fact; attempts racing the last allowed one may each get their answer.
        const d = await this.limiter.hit(bucket, VALIDATE_WINDOW_SECONDS, VALIDATE_FAILURES_ALLOWED);
        if (!d.allowed) throw lockedOut();
      }
      throw error;
    }
  }

  /** Checks credentials of one of this account's app users (the scanner sign-in has its own limits); 300 when they do not match. */
  async checkCredentials(accountId: number, usernameRaw: string | undefined, password: string | undefined): Promise<AppUserRow> {
    const username = (usernameRaw ?? '').trim();
    if (username === '') throw new CodedError('VALIDATION_FAILED', 342, 'Username is missing.');
    if (!password) throw new CodedError('VALIDATION_FAILED', 341, 'Password is missing.');
    await this.ensureOwner(accountId);
    const user = await this.repo.findByUsernameKey(username.toLowerCase());
    const hash = user?.is_owner === 1 ? (await this.repo.ownerLogin(accountId))?.password_hash : user?.password_hash;
    const valid = user !== undefined && user.account_id === accountId && hash !== null && hash !== undefined && (await verifyPassword(hash, password));
    if (!valid || !user) throw new CodedError('AUTH_FAILED', 300, 'Invalid username or password.');
    return user;
  }

  /**
   * Whether the account already has a live app user of that name. Only the caller's account is
   * looked at, so this cannot tell whether a name (an owner's email, say) exists in another
   * account; creating such a name still fails with 320, within FOREIGN_TAKEN_PER_HOUR.
   */
  async available(accountId: number, usernameRaw: string | undefined): Promise<boolean> {
    const username = (usernameRaw ?? '').trim();
    if (username === '') throw new CodedError('VALIDATION_FAILED', 342, 'Username is missing.');
    await this.ensureOwner(accountId);
    return !(await this.repo.findInAccountByUsernameKey(accountId, username.toLowerCase()));
  }

  /** Sets an invited user's password from the emailed link. */
  async acceptInvite(token: string, password: string): Promise<string> {
    const user = await this.repo.findByInviteHash(hashSecret(token));
    if (!user) throw new CodedError('NOT_FOUND', 300, 'This invitation link is not valid any more.');
    await this.repo.update(user.account_id, user.id, { passwordHash: await hashPassword(this.checkPassword(password)), inviteHash: null });
    return user.username;
  }
}
