/**
 * A row of the users resource: the audit context's user overview (the account, its LinkCoin
 * balance and verifications), the API's contract shared through the domain package.
 */
export type { UserOverview as ConsoleUser } from '@linkcoin/domain/audit/contracts.ts';
