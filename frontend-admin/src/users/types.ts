/** A row of the users resource: the API's contract, shared through the domain package. */
export type { AdminUserView as ConsoleUser } from '@linkcoin/domain/accounts/contracts.ts';
