import type { Channel } from '@linkcoin/domain/verification/youtube.ts';
import { apiRequest } from '../../../lib/api-client';

/** The Google scope the token client asks for: read-only access to the user's YouTube data. */
export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

/**
 * POST /api/pageowners/verify-youtube: the server checks that the handle's channel is the one the
 * Google access token signs in to, and answers "✅ Verified: {channel} ({n} subscribers)".
 */
export const verifyYouTubeChannel = (input: {
  userId: string;
  handle: string;
  accessToken: string;
}) =>
  apiRequest<{ success: boolean; message: string; channel: Channel }>(
    '/pageowners/verify-youtube',
    { method: 'POST', body: input, auth: true },
  );
