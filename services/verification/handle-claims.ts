import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type {
  ClaimLine,
  HandleClaimView as HandleClaimDoc,
} from '@linkcoin/domain/verification/contracts.ts';
import {
  claimKey,
  handleClaimId,
  type HandleClaimEvent,
  type HandlePlatform,
} from '@linkcoin/domain/verification/handle-claim.ts';
import type { InstagramAccountVerified } from '@linkcoin/domain/verification/instagram.ts';
import type { YouTubeChannelVerified } from '@linkcoin/domain/verification/youtube.ts';
import type { ProjectionTransaction } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export type { HandleClaimDoc };

export const HANDLE_CLAIMS = 'handle_claims';

type Followed = RecordedEvent<InstagramAccountVerified | YouTubeChannelVerified | HandleClaimEvent>;

const userOfStream = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);

/** The derived counts, from the claims and disputes. */
const settle = (doc: HandleClaimDoc): HandleClaimDoc => {
  const standing = new Set(doc.claims.filter((c) => !c.withdrawn).map((c) => c.userId));
  const contested =
    doc.ownerId === null
      ? Math.max(0, standing.size - 1)
      : [...standing].filter((userId) => userId !== doc.ownerId).length;
  const openDisputes = doc.disputes.filter((d) => d.status === 'open').length;
  return { ...doc, contested, openDisputes, needsDesk: contested > 0 || openDisputes > 0 };
};

/** A user's claim, replacing their earlier one (a creator verifying again). */
const withClaim = (claims: readonly ClaimLine[], claim: ClaimLine): ClaimLine[] => [
  ...claims.filter((c) => c.userId !== claim.userId),
  claim,
];

const blank = (platform: HandlePlatform, key: string, at: string): HandleClaimDoc => ({
  id: handleClaimId(platform, key),
  platform,
  key,
  label: platform === 'instagram' ? `@${key}` : key,
  ownerId: null,
  claims: [],
  disputes: [],
  contested: 0,
  openDisputes: 0,
  needsDesk: false,
  updatedAt: at,
});

const update = async (
  tx: ProjectionTransaction,
  platform: HandlePlatform,
  key: string,
  at: string,
  change: (doc: HandleClaimDoc) => HandleClaimDoc,
) => {
  const id = handleClaimId(platform, key);
  const doc = (await tx.get<HandleClaimDoc>(HANDLE_CLAIMS, id)) ?? blank(platform, key, at);
  await tx.put<HandleClaimDoc>(HANDLE_CLAIMS, id, settle({ ...change(doc), updatedAt: at }));
};

/**
 * The verification desk's view of claimed accounts (`GET /api/admin/handle-claims`): built from
 * every verification in the log (so duplicates from before handles had one owner are listed) and
 * the handle claim streams' ownership, requests to the desk and assignments.
 */
export const handleClaimsProjection: Projection = {
  name: 'handle-claims',
  version: 1,
  collections: [
    {
      name: HANDLE_CLAIMS,
      indexes: [{ fields: ['needsDesk', 'updatedAt'] }, { fields: ['platform', 'updatedAt'] }],
      textSearch: ['key', 'label'],
    },
  ],
  eventTypes: [
    'InstagramAccountVerified',
    'YouTubeChannelVerified',
    'HandleClaimed',
    'HandleDisputed',
    'HandleDisputeDismissed',
    'HandleAssigned',
  ],
  apply: async (recorded, tx) => {
    const event = recorded as Followed;
    switch (event.type) {
      case 'InstagramAccountVerified': {
        const { profileName, requestId, at } = event.data;
        const claim: ClaimLine = {
          userId: userOfStream(event.streamId),
          profileName,
          verificationId: requestId,
          via: 'instagram_otp',
          at,
          withdrawn: false,
        };
        await update(tx, 'instagram', claimKey('instagram', profileName), at, (doc) => ({
          ...doc,
          claims: withClaim(doc.claims, claim),
        }));
        return;
      }
      case 'YouTubeChannelVerified': {
        const { channelId, channelTitle, handle, at } = event.data;
        const claim: ClaimLine = {
          userId: userOfStream(event.streamId),
          profileName: handle,
          verificationId: event.id,
          via: 'youtube_oauth',
          at,
          withdrawn: false,
        };
        await update(tx, 'youtube', claimKey('youtube', channelId), at, (doc) => ({
          ...doc,
          label: channelTitle || doc.label,
          claims: withClaim(doc.claims, claim),
        }));
        return;
      }
      case 'HandleClaimed':
        await update(tx, event.data.platform, event.data.key, event.data.at, (doc) => ({
          ...doc,
          ownerId: event.data.userId,
        }));
        return;
      case 'HandleDisputed': {
        const { disputeId, claimantId, profileName, ownerId, message, at } = event.data;
        await update(tx, event.data.platform, event.data.key, at, (doc) => ({
          ...doc,
          disputes: [
            ...doc.disputes,
            {
              disputeId,
              claimantId,
              profileName,
              ownerId,
              message,
              at,
              status: 'open',
              decidedAt: null,
              decidedBy: null,
            },
          ],
        }));
        return;
      }
      case 'HandleDisputeDismissed': {
        const { disputeId, by, at } = event.data;
        await update(tx, event.data.platform, event.data.key, at, (doc) => ({
          ...doc,
          disputes: doc.disputes.map((d) =>
            d.disputeId === disputeId
              ? { ...d, status: 'dismissed', decidedAt: at, decidedBy: by }
              : d,
          ),
        }));
        return;
      }
      case 'HandleAssigned': {
        const { toUserId, profileName, assignmentId, disputeId, withdrawFrom, by, at } = event.data;
        const withdrawn = new Set(withdrawFrom.map((holder) => holder.userId));
        await update(tx, event.data.platform, event.data.key, at, (doc) => ({
          ...doc,
          ownerId: toUserId,
          claims: withClaim(
            doc.claims.map((c) => (withdrawn.has(c.userId) ? { ...c, withdrawn: true } : c)),
            {
              userId: toUserId,
              profileName,
              verificationId: assignmentId,
              via: 'desk',
              at,
              withdrawn: false,
            },
          ),
          disputes: doc.disputes.map((d) =>
            d.disputeId === disputeId
              ? { ...d, status: 'resolved', decidedAt: at, decidedBy: by }
              : d,
          ),
        }));
        return;
      }
      case 'HandleCodeRequested':
      case 'HandleCodeAttemptFailed':
        return;
    }
  },
};
