import { describe, expect, it } from 'vitest';
import { savedSearchDigestMail, type DigestSearch } from './saved-search-mail.ts';

const creator = (creatorId: string, name: string) => ({
  creatorId,
  name,
  profileUrl: `https://linkcoin.test/Profile/${creatorId}`,
});
const search = (name: string, creators: DigestSearch['creators']): DigestSearch => ({
  name,
  openUrl: 'https://linkcoin.test/influencers',
  unsubscribeUrl: `https://linkcoin.test/unsubscribe/saved-searches?t=${name}`,
  creators,
});
const digest = (searches: DigestSearch[]) =>
  savedSearchDigestMail('brand@example.in', {
    brandName: 'Spice Route',
    searches,
    savedSearchesUrl: 'https://linkcoin.test/saved-searches',
    unsubscribeAllUrl: 'https://linkcoin.test/unsubscribe/saved-searches?t=all',
  });

describe('the saved searches digest', () => {
  it('counts each creator once in its subject, and lists them under every search they match', () => {
    const asha = creator('c1', 'Asha Patil');
    const ravi = creator('c2', 'Ravi Kumar');
    const mail = digest([
      search('Snacks', [asha, ravi]),
      search('Indore', [asha, ravi]),
      search('Snacks · Indore', [asha, ravi]),
    ]);
    expect(mail.subject).toBe('2 new creators match your saved searches on LinkCoin');
    expect(mail.text.match(/- Asha Patil:/g)).toHaveLength(3);
    expect(mail.text).toContain('Snacks (2 new creators):');
  });

  it('says one creator when one creator matches several searches', () => {
    const asha = creator('c1', 'Asha Patil');
    const mail = digest([search('Snacks', [asha]), search('Indore', [asha])]);
    expect(mail.subject).toBe('1 new creator matches your saved searches on LinkCoin');
  });
});
