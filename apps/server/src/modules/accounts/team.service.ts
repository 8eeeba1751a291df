import type { ListQuery, PendingTransfer, Privileges, SessionUser, TeamMember } from '@scanbase/contracts';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Session } from '../../platform/auth/session.js';
import { hashSecret, hoursFromNow, newSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { inviteMail, inviteSsoMail, ownershipTransferredMail, transferOwnershipMail } from './account-mail.js';
import type { AccountUserRow, AccountsRepo } from './accounts.repo.js';
import type { AuthService, SeenFrom } from './auth.service.js';
import { parsePrivileges } from './auth.service.js';
import type { AuthTokensRepo } from './auth-tokens.repo.js';

const INVITE_HOURS = 7 * 24;
const TRANSFER_HOURS = 72;
const ALL_PRIVILEGES: Privileges = { user: true, webapp_login: true, billing: true };
const SORTABLE = { email: 'email', name: 'name', role: 'role', created: 'created_at', createdAt: 'created_at' } as const;

function toMember(row: AccountUserRow): TeamMember {
  return { id: row.id, email: row.email, name: row.name, role: row.role, privileges: parsePrivileges(row.privileges), status: row.status, createdAt: row.created_at };
}

/** Team members ("account users"): invite, change role and privileges, remove. */
export class TeamService {
  constructor(
    private readonly deps: { accounts: AccountsRepo; tokens: AuthTokensRepo; mailer: Mailer; auth: AuthService; publicUrl: string; requiresSso?: (accountId: number) => Promise<boolean> },
  ) {}

  async list(session: Session, q: ListQuery): Promise<{ items: TeamMember[]; total: number; page: number; limit: number; owner: { email: string; name: string }; transfer: PendingTransfer | null }> {
    const sortBy = SORTABLE[(q.sortby ?? 'created') as keyof typeof SORTABLE] ?? 'created_at';
    const [{ rows, total }, owner, transfer] = await Promise.all([
      this.deps.accounts.listAccountUsers(session.accountId, { offset: (q.page - 1) * q.limit, limit: q.limit, search: q.search, sortBy, desc: q.sortdirection === 'desc' }),
      this.deps.accounts.getAdminOfAccount(session.accountId),
      this.pendingTransfer(session.accountId),
    ]);
    if (!owner) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return { items: rows.map(toMember), total, page: q.page, limit: q.limit, owner: { email: owner.email, name: owner.name }, transfer };
  }

  private async pendingTransfer(accountId: number): Promise<PendingTransfer | null> {
    const row = await this.deps.tokens.findLiveOfAccount(accountId, 'transfer_owner');
    if (!row || row.account_user_id === null) return null;
    const member = await this.deps.accounts.getAccountUser(accountId, row.account_user_id);
    return member ? { memberId: member.id, email: member.email, name: member.name, expiresAt: row.expires_at } : null;
  }

  /**
   * The owner (the admin record itself, not a member given the `owner` role) names an active member as the new owner.
   * The member is mailed a link; nothing changes until they confirm. A new transfer replaces a pending one.
   */
  async startTransfer(session: Session, id: number): Promise<PendingTransfer> {
    if (session.accountUserId !== null) throw new AppError('FORBIDDEN', 'Only the account owner can hand over the account.');
    const member = await this.deps.accounts.getAccountUser(session.accountId, id);
    if (!member) throw new AppError('NOT_FOUND', 'No such team member.');
    if (member.status !== 'active') throw new AppError('CONFLICT', 'This member has not accepted the invitation yet: only an active member can become the owner.');
    const owner = await this.deps.accounts.getAdminOfAccount(session.accountId);
    if (!owner) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    await this.deps.tokens.deleteOfAccount(session.accountId, 'transfer_owner');
    const secret = newSecret();
    const expiresAt = hoursFromNow(TRANSFER_HOURS);
    await this.deps.tokens.insert('transfer_owner', hashSecret(secret), { accountId: session.accountId, adminId: owner.id, accountUserId: member.id }, expiresAt);
    await this.deps.mailer.send(transferOwnershipMail(member.email, owner.company_name, owner.name || owner.email, `${this.deps.publicUrl}/account/admins/?transfer=${secret}`));
    return { memberId: member.id, email: member.email, name: member.name, expiresAt };
  }

  /** The owner withdraws the pending transfer; its link stops working. Nothing pending is fine too (a second click). */
  async cancelTransfer(session: Session): Promise<void> {
    if (session.accountUserId !== null) throw new AppError('FORBIDDEN', 'Only the account owner can withdraw the transfer.');
    await this.deps.tokens.deleteOfAccount(session.accountId, 'transfer_owner');
  }

  /**
   * The named member, signed in, confirms with the mailed token: the roles swap in one transaction (the old owner
   * becomes an administrator with every privilege), every session stays signed in, and both are mailed.
   * Answers the confirming member's new session record (they are now the owner).
   */
  async confirmTransfer(session: Session, secret: string): Promise<{ user: SessionUser }> {
    const row = await this.deps.tokens.findLive('transfer_owner', hashSecret(secret));
    if (!row || row.account_id === null || row.admin_id === null || row.account_user_id === null) throw new AppError('NOT_FOUND', 'This transfer link is invalid, was withdrawn or has expired. Ask the owner to start again.');
    if (row.account_id !== session.accountId || row.account_user_id !== session.accountUserId) throw new AppError('FORBIDDEN', 'This transfer is for another team member: sign in as the person it was sent to.');
    const before = await this.deps.accounts.getAdminOfAccount(row.account_id);
    if (!before) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    const done = await this.deps.accounts.transferOwnership(row.account_id, row.admin_id, row.account_user_id, row.id, JSON.stringify(ALL_PRIVILEGES));
    if (!done) throw new AppError('NOT_FOUND', 'This transfer link is invalid, was withdrawn or has expired. Ask the owner to start again.');
    const after = await this.deps.accounts.getAdminOfAccount(row.account_id);
    if (after) {
      await this.deps.mailer.send(ownershipTransferredMail(after.email, after.company_name, after.name || after.email, true));
      await this.deps.mailer.send(ownershipTransferredMail(before.email, after.company_name, after.name || after.email, false));
    }
    return { user: await this.deps.auth.sessionUser({ ...session, accountUserId: null, role: 'owner', privileges: ALL_PRIVILEGES }) };
  }

  private guardRole(session: Session, role: string): void {
    if (role === 'owner' && session.role !== 'owner') throw new AppError('FORBIDDEN', 'Only an owner can give the owner role.');
  }

  async invite(session: Session, input: { email: string; name: string; role: string; privileges: Privileges }): Promise<TeamMember> {
    this.guardRole(session, input.role);
    const owner = await this.deps.accounts.getAdminOfAccount(session.accountId);
    if (!owner) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    if (owner.email === input.email) throw new AppError('CONFLICT', 'That address is the account owner’s.');
    if (await this.deps.accounts.findAccountUserByEmail(session.accountId, input.email)) throw new AppError('CONFLICT', 'A team member with this email already exists.');
    const row = await this.deps.accounts.insertAccountUser(session.accountId, { email: input.email, name: input.name, role: input.role, privileges: JSON.stringify(input.privileges) });
    await this.sendInvite(session.accountId, row, owner.company_name);
    return toMember(row);
  }

  private async sendInvite(accountId: number, row: AccountUserRow, companyName: string): Promise<void> {
    const secret = newSecret();
    // A company that requires single sign-on: the invitee signs in through it (which accepts the invitation), no password.
    if (await this.deps.requiresSso?.(accountId)) {
      await this.deps.mailer.send(inviteSsoMail(row.email, companyName, `${this.deps.publicUrl}/signinSSO`));
      return;
    }
    await this.deps.tokens.insert('invite', hashSecret(secret), { accountId, adminId: null, accountUserId: row.id }, hoursFromNow(INVITE_HOURS));
    await this.deps.mailer.send(inviteMail(row.email, companyName, `${this.deps.publicUrl}/user/confirmemail/${encodeURIComponent(row.role)}/${secret}/`));
  }

  private async pendingInvite(session: Session, id: number): Promise<AccountUserRow> {
    const row = await this.deps.accounts.getAccountUser(session.accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such team member.');
    if (row.status !== 'invited') throw new AppError('CONFLICT', 'This member has already accepted the invitation.');
    if (row.role === 'owner') this.guardRole(session, row.role);
    return row;
  }

  /** Sends a pending invitation again with a fresh link; earlier links stop working. */
  async resendInvite(session: Session, id: number): Promise<TeamMember> {
    const row = await this.pendingInvite(session, id);
    const owner = await this.deps.accounts.getAdminOfAccount(session.accountId);
    if (!owner) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    await this.deps.tokens.deleteForOwner({ accountUserId: row.id }, ['invite']);
    await this.sendInvite(session.accountId, row, owner.company_name);
    return toMember(row);
  }

  /** Withdraws a pending invitation: the invited row goes, and its link with it (ON DELETE CASCADE). */
  async cancelInvite(session: Session, id: number): Promise<void> {
    const row = await this.pendingInvite(session, id);
    await this.deps.accounts.deleteAccountUser(session.accountId, row.id);
  }

  async update(session: Session, input: { id: number; role?: string | undefined; privileges?: Privileges | undefined }): Promise<TeamMember> {
    const row = await this.deps.accounts.getAccountUser(session.accountId, input.id);
    if (!row) throw new AppError('NOT_FOUND', 'No such team member.');
    if (row.id === session.accountUserId) throw new AppError('FORBIDDEN', 'You cannot change your own role or privileges.');
    if (input.role !== undefined) this.guardRole(session, input.role);
    if (row.role === 'owner') this.guardRole(session, row.role);
    await this.deps.accounts.updateAccountUser(session.accountId, row.id, {
      ...(input.role !== undefined ? { role: input.role } : {}),
      ...(input.privileges !== undefined ? { privileges: JSON.stringify(input.privileges) } : {}),
    });
    const updated = await this.deps.accounts.getAccountUser(session.accountId, row.id);
    if (!updated) throw new AppError('NOT_FOUND', 'No such team member.');
    return toMember(updated);
  }

  async remove(session: Session, id: number): Promise<void> {
    if (id === session.accountUserId) throw new AppError('FORBIDDEN', 'You cannot remove yourself.');
    const row = await this.deps.accounts.getAccountUser(session.accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such team member.');
    if (row.role === 'owner') this.guardRole(session, row.role);
    // Sessions and invitations go with the row (ON DELETE CASCADE).
    await this.deps.accounts.deleteAccountUser(session.accountId, id);
  }

  /** The invited person sets a name and password and is signed in. */
  async acceptInvite(secret: string, name: string, password: string, seen?: SeenFrom) {
    const row = await this.deps.tokens.findLive('invite', hashSecret(secret));
    if (!row || row.account_id === null || row.account_user_id === null) throw new AppError('NOT_FOUND', 'This invitation is invalid or has expired. Ask for a new one.');
    const member = await this.deps.accounts.getAccountUser(row.account_id, row.account_user_id);
    if (!member) throw new AppError('NOT_FOUND', 'This invitation was withdrawn.');
    if (await this.deps.requiresSso?.(row.account_id)) throw new AppError('FORBIDDEN', 'Your company signs in with single sign-on, so you need no password: open the sign-in page, choose “Sign in with SSO” and use the address you were invited with.');
    await this.deps.accounts.updateAccountUser(row.account_id, member.id, { name, password_hash: await hashPassword(password), status: 'active' });
    await this.deps.tokens.deleteById(row.id);
    return this.deps.auth.sessionForAccountUser(row.account_id, member.id, member.role, seen);
  }
}
