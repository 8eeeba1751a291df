import { z } from 'zod';

export { adminRoles, hasPrivilege, isAdminRole, privilegeNames, type PrivilegeName } from './role-rules.js';

export const role = z.string().trim().min(1).max(40).regex(/^[a-z_]+$/, 'Use lower-case letters and underscores');
export type Role = string;

export const privileges = z.object({
  user: z.boolean().default(true),
  webapp_login: z.boolean().default(false),
  billing: z.boolean().default(false),
});
export type Privileges = z.infer<typeof privileges>;
