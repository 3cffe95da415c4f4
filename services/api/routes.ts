import type { Router } from 'express';
import type { DependencyContainer } from 'tsyringe';
import { resolve, TOKENS } from '../runtime/tokens.ts';
import { accountEndpoints } from './accounts/routes.ts';
import { adminOtpRecordEndpoints } from './admin/otp-records.ts';
import { adminUserEndpoints } from './admin/users.ts';
import { profileEndpoints } from './profiles/routes.ts';
import { uploadEndpoints } from './uploads/routes.ts';
import { instagramEndpoints } from './verification/instagram-routes.ts';
import { youTubeEndpoints } from './verification/youtube-routes.ts';
import { endpointRouter, type Endpoint } from './http/endpoint.ts';

/**
 * Every endpoint of the JSON API under /api, each with who may call it. Paths and payloads
 * follow spec section 7 so the existing mobile app can use this backend. The authorisation
 * matrix test walks this list, so a new endpoint is covered the day it is added.
 */
export const apiEndpoints = (container: DependencyContainer): Endpoint[] => {
  const clock = resolve(container, TOKENS.Clock);
  const accounts = resolve(container, TOKENS.AccountsService);
  const readStore = resolve(container, TOKENS.ReadStore);
  const instagram = resolve(container, TOKENS.InstagramVerification);
  const vault = resolve(container, TOKENS.CodeVault);
  const youtube = resolve(container, TOKENS.YouTubeVerification);
  return [
    ...accountEndpoints({
      accounts,
      clock,
      limits: resolve(container, TOKENS.AuthRateLimits),
      googleClientId: resolve(container, TOKENS.GoogleVerifier)?.clientId ?? null,
      youtubeVerification: youtube.available,
    }),
    ...profileEndpoints({ profiles: resolve(container, TOKENS.ProfilesService), clock }),
    ...uploadEndpoints({
      storage: resolve(container, TOKENS.UploadStorage),
      maxBytes: resolve(container, TOKENS.Config).uploads.maxBytes,
    }),
    ...instagramEndpoints({ instagram, readStore, vault, clock }),
    ...youTubeEndpoints({ youtube, clock }),
    ...adminOtpRecordEndpoints({ readStore, instagram, vault, clock }),
    ...adminUserEndpoints({
      readStore,
      accounts,
      progress: resolve(container, TOKENS.ProjectionProgress),
      clock,
    }),
  ];
};

export const apiRouter = (container: DependencyContainer): Router =>
  endpointRouter(apiEndpoints(container), resolve(container, TOKENS.Authenticator));
