/** The handle as the dashboard shows it: one leading @, whatever the creator typed. */
export function instagramHandle(profileName: string): string {
  return `@${profileName.trim().replace(/^@+/, '')}`;
}

/**
 * The direct message an admin pastes into Instagram (docs/product-spec.md section 8): it greets the handle, gives
 * the code and asks the creator to verify their Instagram account on LinkCoin.
 */
export function directMessage(record: { profileName: string; otp: string }): string {
  return (
    `Hi ${instagramHandle(record.profileName)}! Your LinkCoin verification code is ${record.otp}. ` +
    'Enter it in your LinkCoin profile (Verification step) to verify your Instagram account.'
  );
}
