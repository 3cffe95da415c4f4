import { z } from 'zod';
import { profileUpdateRequestFor } from '@linkcoin/domain/profiles/contracts.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';
import {
  anyoneIdentified,
  callerOf,
  principalOf,
  signedIn,
  type Endpoint,
} from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { sendJsonText } from '../platform/http/json-text.ts';
import { parseBody, parseParams } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import type { AnalyticsRecorder } from '../platform/analytics/recorder.ts';
import type { ProfileHandlers } from './handlers.ts';
import { showsContactTo } from './view.ts';

const userParams = z.object({ userId: z.string().min(1).max(64) });

/**
 * docs/product-spec.md section 7: updateUser and user. `isOurImage` tells the files of our upload storage, the
 * only pictures a profile takes and shows (domain/uploads/urls.ts).
 */
export const profileEndpoints = (deps: {
  profiles: ProfileHandlers;
  clock: Clock;
  isOurImage: ImageUrlRule;
  analytics: AnalyticsRecorder;
}): Endpoint[] => {
  const profileUpdateRequest = profileUpdateRequestFor(deps.isOurImage);
  return [
    {
      method: 'put',
      path: '/pageowners/updateUser/:userId',
      summary:
        "Save the profile wizard (the user's own, or any as admin); answers the updated user",
      access: signedIn(),
      subject: { in: 'params', field: 'userId' },
      input: { params: userParams, body: profileUpdateRequest },
      handler: async (req, res) => {
        const { userId } = parseParams(userParams, req);
        const changes = parseBody(profileUpdateRequest, req);
        const user = await deps.profiles.update(
          userId,
          changes,
          commandMetadata(req, deps.clock),
          showsContactTo(callerOf(req), userId),
        );
        sendJsonText(res, `{"success":true,"message":"Profile updated","user":${user}}`);
      },
    },
    {
      method: 'get',
      path: '/pageowners/user/:userId',
      summary: 'A public profile; contact fields only for the owner and admins',
      access: anyoneIdentified,
      input: { params: userParams },
      handler: async (req, res) => {
        const { userId } = parseParams(userParams, req);
        const answer = await deps.profiles.viewAnswer(
          userId,
          showsContactTo(principalOf(req), userId),
        );
        deps.analytics.viewed(req, res, userId);
        sendJsonText(res, answer);
      },
    },
  ];
};
