/**
 * Makes demo accounts through the real commands, once each: the seeder behind `make seed`. The
 * CLI runs it on the stores of a stopped instance; a running server runs it for an admin's
 * `POST /api/admin/demo-accounts` (this demo context's endpoint). It is the one place that writes
 * several contexts' streams in a row, as an operator's tool, through their deciders (accounts,
 * profiles, verification, uploads, wallet, the directory's listing).
 *
 * Every step is idempotent: the user id is derived from the e-mail address, a save of the same
 * wizard appends nothing, a verified channel is not verified again, the boost ends once, and a
 * grant names its cause. Seeding twice makes nothing new, and a seed that stopped half-way is
 * finished by the next one.
 */
import { createHash, randomBytes, randomUUID, scrypt } from 'node:crypto';
import sharp from 'sharp';
import type { Logger } from 'pino';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { emailClaimDecider, emailClaimStreamId } from '@linkcoin/domain/accounts/email-claim.ts';
import type { DemoAccount, DemoAccountOutcome } from '@linkcoin/domain/demo/contracts.ts';
import { listingDecider, listingStreamId } from '@linkcoin/domain/directory/listing.ts';
import { NEW_CREATOR_BOOST_MS } from '@linkcoin/domain/directory/ranking.ts';
import { profileUpdateRequestFor } from '@linkcoin/domain/profiles/contracts.ts';
import { idsNeeded, profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import { uploadsDecider, uploadsStreamId } from '@linkcoin/domain/uploads/uploads.ts';
import { uploadedImagesOnly } from '@linkcoin/domain/uploads/urls.ts';
import { markVerifiedOnProfile } from '@linkcoin/domain/verification/mark-verified.ts';
import {
  youTubeVerificationDecider,
  youTubeVerificationStreamId,
} from '@linkcoin/domain/verification/youtube.ts';
import { walletDecider, walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { normaliseImage } from '@linkcoin/infra/images/normalise.ts';
import type { UploadStorage } from '@linkcoin/infra/uploads/port.ts';

export const DEMO_GRANT_REASON = 'Demo coins from make seed';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A stable UUID-shaped id from a name, so a demo account is the same user on every seed. */
export const demoId = (name: string): string => {
  const hex = createHash('sha256').update(`linkcoin-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The stored form of a password (`scrypt$N$r$p$salt$hash`, as services/accounts/passwords.ts
 * writes and checks it, with its parameters). Hashed once per seed: every demo account shares
 * the demo password.
 */
export const demoPasswordHash = (password: string): Promise<string> => {
  const N = 2 ** 15;
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      32,
      { N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 },
      (error, key) =>
        error
          ? reject(error)
          : resolve(
              ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$'),
            ),
    ),
  );
};

/** A 256 x 256 picture: the initials on a colour, drawn locally (no outside service). */
export const drawAvatar = async (avatar: DemoAccount['avatar']): Promise<Uint8Array> => {
  const initials = avatar.initials.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="hsl(${avatar.hue}, 55%, 45%)"/>
  <circle cx="128" cy="128" r="104" fill="hsl(${(avatar.hue + 30) % 360}, 60%, 55%)"/>
  <text x="128" y="132" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold"
    fill="#ffffff" text-anchor="middle" dominant-baseline="central">${initials}</text>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
};

export type DemoSeederDeps = Readonly<{
  commands: CommandHandler;
  uploads: UploadStorage;
  logger: Logger;
}>;

export type DemoSeedInput = Readonly<{
  /** The stored form of the demo password (demoPasswordHash). */
  passwordHash: string;
  /** The admin the brands' coins are granted by; null: no grants. */
  grantedBy: string | null;
  now: Date;
  correlationId: string;
}>;

export const demoSeeder = ({ commands, uploads, logger }: DemoSeederDeps) => {
  const profileRequest = profileUpdateRequestFor(uploadedImagesOnly(uploads.urlPrefixes));

  const picture = async (userId: string, account: DemoAccount, meta: CommandMetadata) => {
    const image = await normaliseImage(await drawAvatar(account.avatar));
    const stored = await uploads.save(image);
    await commands.handle(uploadsDecider, uploadsStreamId(userId), {
      type: 'RecordUpload',
      data: {
        userId,
        uploadId: demoId(`upload:${userId}`),
        key: stored.key,
        url: stored.url,
        bytes: image.bytes.byteLength,
        width: image.width,
        height: image.height,
        format: image.format,
      },
      metadata: meta,
    });
    return stored.url;
  };

  /** Makes one demo account, or finishes it; answers what it is now. */
  const ensure = async (
    account: DemoAccount,
    input: DemoSeedInput,
  ): Promise<DemoAccountOutcome> => {
    const meta = (now = input.now): CommandMetadata => ({
      now,
      actorUserId: null,
      correlationId: input.correlationId,
      causationId: null,
    });
    const userId = demoId(account.email.toLowerCase());
    const outcome = (created: boolean, verified: boolean, coins: number): DemoAccountOutcome => ({
      email: account.email,
      userId,
      role: account.role,
      created,
      verified,
      coins,
    });
    const claim = await commands.load(emailClaimDecider, emailClaimStreamId(account.email));
    if (claim.state.claimedBy !== null && claim.state.claimedBy !== userId) {
      // Someone else holds the address: it is theirs, not a demo account of ours.
      logger.warn({ email: account.email }, 'a demo address belongs to another account');
      return { ...outcome(false, false, 0), userId: claim.state.claimedBy };
    }
    const signedUpAt = new Date(input.now.getTime() - account.signedUpDaysAgo * DAY_MS);
    await commands.handle(emailClaimDecider, emailClaimStreamId(account.email), {
      type: 'ClaimEmail',
      data: { email: account.email, userId, orphanedClaimant: null },
      metadata: meta(signedUpAt),
    });
    const existing = await commands.load(accountDecider, accountStreamId(userId));
    const created = existing.state.status === 'none';
    if (created) {
      await commands.handle(accountDecider, accountStreamId(userId), {
        type: 'RegisterAccount',
        data: {
          userId,
          email: account.email.toLowerCase(),
          ownerName: account.ownerName,
          role: account.role,
          mobile: '',
          passwordHash: input.passwordHash,
          googleSub: null,
          emailProof: 'operator',
        },
        metadata: meta(signedUpAt),
      });
    }

    const profile = await commands.load(profileDecider, profileStreamId(userId));
    const profilePicUrl = profile.state.profilePicUrl || (await picture(userId, account, meta()));
    const changes = profileRequest.parse({ ...account.profile, profilePicUrl });
    await commands.handle(profileDecider, profileStreamId(userId), {
      type: 'UpdateProfile',
      data: { changes, newIds: Array.from({ length: idsNeeded(changes) }, () => randomUUID()) },
      metadata: meta(),
    });

    let verified = false;
    if (account.youtube) {
      const channelId = `UC${demoId(`channel:${account.youtube.handle}`).replaceAll('-', '').slice(0, 22)}`;
      const channel = {
        id: channelId,
        title: account.youtube.channelTitle,
        subscribers: account.youtube.subscribers,
      };
      const verification = await commands.load(
        youTubeVerificationDecider,
        youTubeVerificationStreamId(userId),
      );
      if (!verification.state.verifiedChannels.includes(channelId)) {
        const result = await commands.handle(
          youTubeVerificationDecider,
          youTubeVerificationStreamId(userId),
          {
            type: 'RecordYouTubeVerification',
            data: {
              handle: account.youtube.handle,
              channelByHandle: channel,
              signedInChannel: channel,
            },
            metadata: meta(),
          },
        );
        for (const event of result.events) {
          if (event.type !== 'YouTubeChannelVerified') continue;
          await commands.handle(
            profileDecider,
            profileStreamId(userId),
            markVerifiedOnProfile(event, meta()),
          );
        }
      }
      verified = true;
    }

    const registeredAt = (await commands.load(accountDecider, accountStreamId(userId))).state;
    if (
      account.role === 'influencer' &&
      registeredAt.status === 'active' &&
      input.now.getTime() >= Date.parse(registeredAt.registeredAt) + NEW_CREATOR_BOOST_MS
    ) {
      // The process would end it at its next tick; a demo seeded "months ago" starts without.
      await commands.handle(listingDecider, listingStreamId(userId), {
        type: 'EndNewCreatorBoost',
        data: { userId, registeredAt: registeredAt.registeredAt },
        metadata: meta(),
      });
    }

    let coins = (await commands.load(walletDecider, walletStreamId(userId))).state.balance;
    if (account.coins > 0 && input.grantedBy) {
      const granted = await commands.handle(walletDecider, walletStreamId(userId), {
        type: 'GrantCoins',
        data: {
          userId,
          grantId: demoId(`grant:${userId}`),
          coins: account.coins,
          by: input.grantedBy,
          reason: DEMO_GRANT_REASON,
        },
        metadata: { ...meta(), actorUserId: input.grantedBy },
      });
      coins = granted.state.balance;
    }
    return outcome(created, verified, coins);
  };

  return { ensure };
};

export type DemoSeeder = ReturnType<typeof demoSeeder>;
