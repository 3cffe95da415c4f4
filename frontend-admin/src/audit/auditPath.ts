export type AuditTab = 'ledger' | 'verifications' | 'as-of';

/** Where a user's audit view lives: `/audit/:userId/ledger` and the others. */
export const auditPath = (userId: string, tab: AuditTab = 'ledger'): string =>
  `/audit/${encodeURIComponent(userId)}/${tab}`;
