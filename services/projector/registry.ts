import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import { accountsProjection } from './accounts.ts';
import { otpRecordsProjection } from './otp-records.ts';
import { profilesProjection } from './profiles.ts';

/**
 * Every business read model of the product, in one list: the projector runs them, `make
 * rebuild` replays them, `/readyz` reports them. Each feature adds its projection here.
 */
export const projections: readonly Projection[] = [
  accountsProjection,
  profilesProjection,
  otpRecordsProjection,
];
