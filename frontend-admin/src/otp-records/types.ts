/** The otp-records resource's shapes: the API's contract, shared through the domain package. */
export type {
  OtpRecordSummary as OtpSummary,
  OtpRecordView as OtpRecord,
} from '@linkcoin/domain/verification/contracts.ts';
