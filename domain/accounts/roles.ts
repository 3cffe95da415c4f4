/**
 * Roles (docs/product-spec.md section 6, DESIGN 5.3): user is a Brand, influencer a Creator; admin runs the
 * verification desk; auditor reads the history of every coin and verification.
 */
export const ROLES = ['user', 'influencer', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person chooses at registration. */
export const REGISTRATION_ROLES = ['user', 'influencer'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

/** The role an account is registered with; other roles are granted on top. */
export type PrimaryRole = RegistrationRole | 'admin';

/** Roles an admin can grant to an existing account. */
export const GRANTABLE_ROLES = ['auditor'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  user: 'Brand',
  influencer: 'Creator',
  admin: 'Admin',
  auditor: 'Auditor',
};
