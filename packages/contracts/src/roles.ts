import { z } from 'zod';

/** Built-in roles (spec section 6); other role names are allowed and carry no admin rights. */
export const adminRoles = ['owner', 'billing_admin', 'admin'] as const;
export const role = z.string().trim().min(1).max(40).regex(/^[a-z_]+$/, 'Use lower-case letters and underscores');
export type Role = string;

export const privilegeNames = ['user', 'webapp_login', 'billing'] as const;
export type PrivilegeName = (typeof privilegeNames)[number];

export const privileges = z.object({
  user: z.boolean().default(true),
  webapp_login: z.boolean().default(false),
  billing: z.boolean().default(false),
});
export type Privileges = z.infer<typeof privileges>;

/** True when the role may enter the admin area. */
export function isAdminRole(value: string | undefined): boolean {
  return value !== undefined && (adminRoles as readonly string[]).includes(value);
}

/** The owner has every privilege; everyone else only what the map grants (spec section 6). */
export function hasPrivilege(roleName: string, granted: Partial<Privileges>, name: PrivilegeName): boolean {
  if (roleName === 'owner' || name === 'user') return true;
  return granted[name] === true;
}
