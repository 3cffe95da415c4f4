/**
 * The status of an Instagram verification request (docs/product-spec.md section 3's OTP record) and when it is
 * open. The one home of the rule "an open request past its closing instant reads as expired":
 * the decider, the OTP-records projection, the console's views and the read-store filters all
 * ask here.
 */

/** The OTP record statuses of docs/product-spec.md section 3: "send" means the admin has sent the code. */
export type InstagramOtpStatus = 'pending' | 'send' | 'verified' | 'expired';

export const INSTAGRAM_OTP_STATUSES = [
  'pending',
  'send',
  'verified',
  'expired',
] as const satisfies readonly InstagramOtpStatus[];

export type OpenStatus = 'pending' | 'send';

/** Open: the code may still be sent by the admin and typed by the creator. */
export const isOpenStatus = (status: InstagramOtpStatus): status is OpenStatus =>
  status === 'pending' || status === 'send';

/**
 * The status as of `now`: an open request whose closing instant has passed (its five hours ran
 * out, or a newer request replaced it) reads as expired even before the expiry is recorded.
 */
export const effectiveStatus = (
  status: InstagramOtpStatus,
  closesAt: string,
  now: Date,
): InstagramOtpStatus =>
  isOpenStatus(status) && Date.parse(closesAt) <= now.getTime() ? 'expired' : status;

/**
 * Which stored records have an effective status as of a moment: the stored statuses they may
 * have, and whether their closing instant must be still ahead (`false`), already past (`true`),
 * or does not matter (`null`). A read store turns this into its query; the unit tests prove it
 * agrees with `effectiveStatus` for every stored record.
 */
export type StatusCriteria = Readonly<{
  stored: readonly InstagramOtpStatus[];
  closed: boolean | null;
}>;

export const statusCriteria = (status: InstagramOtpStatus): StatusCriteria => {
  switch (status) {
    case 'pending':
    case 'send':
      return { stored: [status], closed: false };
    case 'verified':
      return { stored: ['verified'], closed: null };
    case 'expired':
      return { stored: ['pending', 'send', 'expired'], closed: true };
  }
};
