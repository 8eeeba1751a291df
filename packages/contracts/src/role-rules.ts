// Role and privilege rules without zod, so that the web app's entry chunk (guards, sign-in) can use them
// without loading zod; roles.ts re-exports them next to the schemas.

/** Built-in roles (spec section 6); other role names are allowed and carry no admin rights. */
export const adminRoles = ['owner', 'billing_admin', 'admin'] as const;

export const privilegeNames = ['user', 'webapp_login', 'billing'] as const;
export type PrivilegeName = (typeof privilegeNames)[number];

/** True when the role may enter the admin area. */
export function isAdminRole(value: string | undefined): boolean {
  return value !== undefined && (adminRoles as readonly string[]).includes(value);
}

/** The owner has every privilege; everyone else only what the map grants (spec section 6). */
export function hasPrivilege(roleName: string, granted: Partial<Record<PrivilegeName, boolean>>, name: PrivilegeName): boolean {
  if (roleName === 'owner' || name === 'user') return true;
  return granted[name] === true;
}
