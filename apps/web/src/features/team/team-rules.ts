import type { Privileges } from '@scanbase/contracts/roles';
import type { TeamMember } from '@scanbase/contracts/team';

/** The roles offered when inviting or editing (ownership is not handed over here). */
export const assignableRoles = ['admin', 'billing_admin'] as const;

const roleWords: Record<string, { label: string; hint: string }> = {
  owner: { label: 'Owner', hint: 'Created the account; has every privilege.' },
  admin: { label: 'Administrator', hint: 'Manages services, scans, databases, questions, users and tasks.' },
  billing_admin: { label: 'Billing administrator', hint: 'An administrator who also looks after plans and invoices (give them the Billing privilege).' },
};

/** A role in words: known roles by name, others as written by the server. */
export function roleLabel(role: string): string {
  return roleWords[role]?.label ?? role.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** One sentence on what a role is for, or '' for a role we do not know. */
export function roleHint(role: string): string {
  return roleWords[role]?.hint ?? '';
}

/** The privileges in the order shown, each with what it opens. */
export const privilegeChoices: readonly { key: keyof Privileges; label: string; hint: string }[] = [
  { key: 'user', label: 'Profile', hint: 'Open and edit their own profile.' },
  { key: 'webapp_login', label: 'Settings', hint: 'See and change the account settings.' },
  { key: 'billing', label: 'Billing', hint: 'Plans, invoices and payment cards.' },
];

/** Privileges as short words for the list ("Profile, Settings"), or "None". */
export function privilegesSummary(privileges: Privileges): string {
  const on = privilegeChoices.filter((choice) => privileges[choice.key]).map((choice) => choice.label);
  return on.length === 0 ? 'None' : on.join(', ');
}

export const defaultPrivileges: Privileges = { user: true, webapp_login: true, billing: false };

/** Who is looking: their account user id (null for the owner) and role. */
export type Viewer = { accountUserId: number | null; role: string };

/** Why the viewer cannot change this member's role and privileges, or null when they can. */
export function editLock(member: TeamMember, viewer: Viewer): string | null {
  if (viewer.accountUserId !== null && member.id === viewer.accountUserId) return 'You cannot change your own role or privileges. Ask the owner or another administrator.';
  if (member.role === 'owner' && viewer.role !== 'owner') return 'Only the account owner can change a member with the owner role.';
  return null;
}

/** Why the viewer cannot remove this member (or withdraw their invitation), or null when they can. */
export function removeLock(member: TeamMember, viewer: Viewer): string | null {
  if (viewer.accountUserId !== null && member.id === viewer.accountUserId) return 'You cannot remove yourself. Ask the owner or another administrator.';
  if (member.role === 'owner' && viewer.role !== 'owner') return 'Only the account owner can remove a member with the owner role.';
  return null;
}

/** Why nothing can be done to the owner's row. */
export const ownerLock = 'The account owner cannot be removed or given another role. The owner can hand the account over to an active member from that member’s page.';

/** Why the viewer cannot hand the account over to this member, or null when they can (the owner, to an active member). */
export function transferLock(member: TeamMember, viewer: Viewer): string | null {
  if (viewer.accountUserId !== null) return 'Only the account owner can hand the account over.';
  if (member.status !== 'active') return 'They must accept the invitation first: only an active member can become the owner.';
  return null;
}

/** A simple email check for the invite form (the server checks again). */
export function emailProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return 'Enter the email address to invite.';
  if (text.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return 'Enter a valid email address, like name@example.com.';
  return null;
}
