import { z } from 'zod';
import { email, id, listQuery, listReply, okReply, timestamp } from './common.js';
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

export const listTeam = defineV2Route({
  path: 'team/list',
  access: 'admin',
  summary: 'Team members (account users) of the account, and the owner beside them.',
  body: listQuery,
  reply: listReply(teamMember).extend({ owner: teamOwner }),
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
