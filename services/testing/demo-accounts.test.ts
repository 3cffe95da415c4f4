import { describe, expect, it } from 'vitest';
import { followersCount } from '@linkcoin/domain/profiles/followers.ts';
import { demoAccountsRequest, isDemoEmail } from '@linkcoin/domain/demo/contracts.ts';
import { demoAccounts, demoBrand, demoCreator } from './demo-accounts.ts';
import { visibilityOf } from '@linkcoin/domain/directory/visibility.ts';
import { creator } from '@linkcoin/domain/directory/testing.ts';

describe('demo accounts', () => {
  const accounts = demoAccounts(400, 8);

  it('are the same every time, so seeding twice makes nothing new', () => {
    expect(demoCreator(17)).toEqual(demoCreator(17));
    expect(demoAccounts(400, 8)).toEqual(accounts);
    expect(new Set(accounts.map((a) => a.email)).size).toBe(accounts.length);
  });

  it('are all marked by their e-mail domain and accepted by the seeding request', () => {
    expect(accounts.every((account) => isDemoEmail(account.email))).toBe(true);
    for (let start = 0; start < accounts.length; start += 50) {
      demoAccountsRequest.parse({
        password: 'demo-password',
        accounts: accounts.slice(start, start + 50),
      });
    }
  });

  it('look like a real directory: heavy-tailed followers, mostly complete, some verified', () => {
    const creators = accounts.filter((a) => a.role === 'influencer');
    const followers = creators
      .map((a) =>
        Math.max(...(a.profile.profileDetails ?? []).map((d) => followersCount(d.followers))),
      )
      .sort((a, b) => a - b);
    const median = followers[Math.floor(followers.length / 2)]!;
    expect(median).toBeLessThan(10_000);
    expect(followers.at(-1)!).toBeGreaterThan(100 * median);
    const levels = creators.map(
      (account) => creator({ ...account.profile, profilePicUrl: '/uploads/x.png' }).visibility,
    );
    const share = (level: string) => levels.filter((l) => l === level).length / levels.length;
    expect(share('basic')).toBeGreaterThan(0.05);
    expect(share('complete')).toBeGreaterThan(0.4);
    expect(creators.filter((a) => a.youtube).length / creators.length).toBeGreaterThan(0.1);
    expect(creators.some((a) => a.signedUpDaysAgo < 30)).toBe(true);
    expect(creators.some((a) => /[éëüñ]/.test(a.ownerName))).toBe(true);
    expect(visibilityOf).toBeTypeOf('function');
  });

  it('gives brands coins to spend and creators none', () => {
    expect(demoBrand(0)).toMatchObject({ role: 'user', coins: 100, ownerName: 'Masala Box' });
    expect(demoBrand(8).ownerName).toBe('Masala Box 2');
    expect(accounts.filter((a) => a.role === 'influencer').every((a) => a.coins === 0)).toBe(true);
  });
});
