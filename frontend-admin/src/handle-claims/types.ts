/** A row of the handle-claims resource: the API's contract, shared through the domain package. */
export type {
  ClaimLine,
  DisputeLine,
  HandleClaimView as HandleClaim,
} from '@linkcoin/domain/verification/contracts.ts';
