import { z } from 'zod';
import { YOUTUBE_MESSAGES } from '@linkcoin/domain/verification/youtube.ts';
import { signedIn, type Endpoint } from '../../platform/http/endpoint.ts';
import { commandMetadata } from '../../platform/http/metadata.ts';
import { parseBody } from '../../platform/http/validate.ts';
import type { Clock } from '../../platform/clock.ts';
import type { YouTubeHandlers } from './handlers.ts';

const verifyRequest = z.object({
  userId: z.string('The user id is missing.').min(1).max(64),
  handle: z
    .string('Enter the YouTube handle.')
    .trim()
    .min(1, 'Enter the YouTube handle.')
    .max(100, 'The YouTube handle is too long.'),
  accessToken: z
    .string('Sign in with Google to verify this channel.')
    .min(10, 'Sign in with Google to verify this channel.')
    .max(4096, 'Sign in with Google to verify this channel.'),
});

export const youTubeEndpoints = (deps: { youtube: YouTubeHandlers; clock: Clock }): Endpoint[] => [
  {
    method: 'post',
    path: '/pageowners/verify-youtube',
    summary:
      "Verify a YouTube account: the handle's channel must be the signed-in Google account's",
    access: signedIn('influencer', 'admin'),
    subject: { in: 'body', field: 'userId' },
    input: { body: verifyRequest },
    handler: async (req, res) => {
      const input = parseBody(verifyRequest, req);
      const channel = await deps.youtube.verify(
        input.userId,
        input.handle,
        input.accessToken,
        commandMetadata(req, deps.clock),
      );
      res.json({
        success: true,
        message: YOUTUBE_MESSAGES.verified(channel.title, channel.subscribers),
        channel,
      });
    },
  },
];
