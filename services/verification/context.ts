import { YouTubeClient } from '@linkcoin/infra/youtube/client.ts';
import type { BoundedContext } from '../platform/context.ts';
import { deskHandlers } from './desk.ts';
import { deskEndpoints } from './desk-endpoints.ts';
import { handleClaimsProjection } from './handle-claims.ts';
import { addressCaps } from './instagram/address-caps.ts';
import { CodeVault } from './instagram/code-vault.ts';
import { consoleOtpRecordEndpoints } from './instagram/console-endpoints.ts';
import { instagramEndpoints } from './instagram/endpoints.ts';
import { instagramExpiry } from './instagram/expiry.ts';
import { instagramHandlers } from './instagram/handlers.ts';
import { otpRecordsProjection } from './instagram/otp-records.ts';
import { verifiedAccounts } from './verified-accounts.ts';
import { youTubeEndpoints } from './youtube/endpoints.ts';
import { youTubeHandlers } from './youtube/handlers.ts';

/**
 * Verification of creators' social accounts: Instagram by a code an admin sends by direct
 * message (with the console's OTP dashboard and the 5-hour expiry), YouTube by the signed-in
 * Google account's channel, one verified owner per handle (the desk's claims, disputes and
 * assignments), and the process that claims and marks every verification on the profile.
 */
export const verificationContext: BoundedContext = {
  name: 'verification',
  projections: [otpRecordsProjection, handleClaimsProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({ config, logger, clock, commands, readStore, progress, secrets }) => {
    const vault = new CodeVault(secrets.jwtSecret);
    const instagram = instagramHandlers({
      commands,
      vault,
      progress,
      caps: addressCaps({
        requestsPerDay: config.verification.requestsPerAddressPerDay,
        triesPerDay: config.verification.triesPerAddressPerDay,
      }),
      logger: logger.child({ component: 'instagram' }),
    });
    const desk = deskHandlers({
      commands,
      readStore,
      progress,
      logger: logger.child({ component: 'verification-desk' }),
    });
    const youtube = youTubeHandlers({
      commands,
      // Present only with a Google client id too (see config.ts).
      client:
        config.youtube && config.auth.google
          ? new YouTubeClient({ ...config.youtube, clientId: config.auth.google.clientId })
          : null,
      progress,
      logger: logger.child({ component: 'youtube' }),
    });
    const processLogger = logger.child({ component: 'processes' });
    return {
      endpoints: [
        ...instagramEndpoints({ instagram, readStore, vault, clock }),
        ...youTubeEndpoints({ youtube, clock }),
        ...consoleOtpRecordEndpoints({ readStore, instagram, vault, clock }),
        ...deskEndpoints({ desk, readStore, clock }),
      ],
      processes: [
        instagramExpiry({ commands, logger: processLogger, tickMs: config.processes.tickMs }),
        verifiedAccounts({ commands, logger: processLogger }),
      ],
    };
  },
};
