import { z } from 'zod';
import { email, id, listQuery, listReply, okReply, timestamp } from './common.js';
import { sessionUser } from './auth.js';
import { privileges, role } from './roles.js';
import { defineV2Route } from './route.js';

export const teamMember = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role,
  privileges,
  status: z.enum(['invited', 'active']),
  createdAt: timestamp,
});
export type TeamMember = z.infer<typeof teamMember>;

/** The account owner (the admin record): not a team member row, so it is named beside the list. */
export const teamOwner = z.object({ email: z.string(), name: z.string() });

/** A transfer of ownership the owner started and the named member has not confirmed yet. */
export const pendingTransfer = z.object({ memberId: id, email: z.string(), name: z.string(), expiresAt: timestamp });
export type PendingTransfer = z.infer<typeof pendingTransfer>;

export const listTeam = defineV2Route({
  path: 'team/list',
  access: 'admin',
  summary: 'Team members (account users) of the account, and the owner beside them.',
  body: listQuery,
  reply: listReply(teamMember).extend({ owner: teamOwner, transfer: pendingTransfer.nullable() }),
});

export const inviteTeamMember = defineV2Route({
  path: 'team/invite',
  access: 'admin',
  summary: 'Invite a team member by email with a role and privileges.',
  body: z.object({ email, name: z.string().trim().max(120).default(''), role: role.default('admin'), privileges: privileges.default({ user: true, webapp_login: true, billing: false }) }),
  reply: teamMember,
});

export const updateTeamMember = defineV2Route({
  path: 'team/update',
  access: 'admin',
  summary: "Change a team member's role and privileges.",
  body: z.object({ id, role: role.optional(), privileges: privileges.optional() }),
  reply: teamMember,
});

export const removeTeamMember = defineV2Route({
  path: 'team/remove',
  access: 'admin',
  summary: 'Remove a team member; their sessions end at once.',
  body: z.object({ id }),
  reply: okReply,
});

export const resendTeamInvite = defineV2Route({
  path: 'team/resend-invite',
  access: 'admin',
  summary: 'Send a pending invitation again with a new link (the old link stops working).',
  body: z.object({ id }),
  reply: teamMember,
});

export const cancelTeamInvite = defineV2Route({
  path: 'team/cancel-invite',
  access: 'admin',
  summary: 'Withdraw a pending invitation: the invited member is removed and the link stops working.',
  body: z.object({ id }),
  reply: okReply,
});

export const startOwnershipTransfer = defineV2Route({
  path: 'team/transfer-ownership',
  access: 'owner',
  summary: 'The owner names an active team member as the new owner; the member is mailed a link to confirm. Nothing changes until then.',
  body: z.object({ id }),
  reply: pendingTransfer,
});

export const cancelOwnershipTransfer = defineV2Route({
  path: 'team/transfer-ownership/cancel',
  access: 'owner',
  summary: 'Withdraws the pending transfer of ownership: its link stops working.',
  body: z.object({}),
  reply: okReply,
});

export const confirmOwnershipTransfer = defineV2Route({
  path: 'team/transfer-ownership/confirm',
  access: 'session',
  summary: 'The named member confirms with the mailed token: they become the owner and the old owner an administrator, in one transaction.',
  body: z.object({ token: z.string().min(1).max(200) }),
  reply: z.object({ user: sessionUser }),
});
