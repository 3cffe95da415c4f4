import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { NAME_MESSAGES } from '../shared/names.ts';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { completeWizard, creator, registration, save } from './testing.ts';
import { registeredEntry, type DirectoryEntry } from './entry.ts';
import {
  becameMatch,
  digestDay,
  digestDueAt,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES as M,
  savedQueryOf,
  savedSearchesDecider,
  type SavedSearchCommand,
  type SavedSearchEvent,
} from './saved-searches.ts';
import { entriesOf } from '../shared/growing-map.ts';

const spec = DeciderSpecification.for(savedSearchesDecider);
const brandId = 'brand-1';
const at = '2026-01-15T10:00:00.000Z';
const meta = testMetadata();

const command = <C extends SavedSearchCommand>(type: C['type'], data: object): C =>
  ({ type, data: { brandId, ...data }, metadata: meta }) as unknown as C;

const created = (
  searchId: string,
  name: string,
  query = 'adCategories=spices',
): SavedSearchEvent => ({
  type: 'SavedSearchCreated',
  data: { brandId, searchId, name, ...savedQueryOf(query), at },
});
const matched = (searchId: string, creatorId: string): SavedSearchEvent => ({
  type: 'SavedSearchMatched',
  data: { brandId, searchId, creatorId, at },
});

describe('saved searches: the decider', () => {
  it('saves a search from the address bar, without the page, in a fixed order', () => {
    spec([])
      .when(
        command('SaveSearch', {
          searchId: 's1',
          name: '  Spice   chefs ',
          query: '?search=asha&page=3&adCategories=Spices',
        }),
      )
      .then({
        type: 'SavedSearchCreated',
        data: {
          brandId,
          searchId: 's1',
          name: 'Spice chefs',
          query: 'adCategories=Spices&search=asha',
          filters: savedQueryOf('adCategories=spices&search=asha').filters,
          at,
        },
      });
  });

  it('refuses a bad filter with the directory’s own words, and bad names', () => {
    spec([])
      .when(command('SaveSearch', { searchId: 's1', name: 'X', query: 'adCategories=socks' }))
      .thenRefused('validation', '"socks" is not an ad category we know.');
    spec([])
      .when(command('SaveSearch', { searchId: 's1', name: 'X', query: 'minFollowers=lots' }))
      .thenRefused('validation', /number of followers/);
    spec([])
      .when(command('SaveSearch', { searchId: 's1', name: '   ', query: '' }))
      .thenRefused('validation', M.nameMissing);
    spec([])
      .when(command('SaveSearch', { searchId: 's1', name: 'x'.repeat(61), query: '' }))
      .thenRefused('validation', M.nameTooLong);
    spec([created('s1', 'Spice chefs')])
      .when(command('SaveSearch', { searchId: 's2', name: 'spice CHEFS', query: '' }))
      .thenRefused('conflict', M.sameName);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} searches, and a deleted one makes room`, () => {
    const full = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => created(`s${i}`, `S ${i}`));
    spec(full)
      .when(command('SaveSearch', { searchId: 'new', name: 'One more', query: '' }))
      .thenRefused('unprocessable', M.tooMany);
    spec([...full, { type: 'SavedSearchDeleted', data: { brandId, searchId: 's3', at } }])
      .when(command('SaveSearch', { searchId: 'new', name: 'One more', query: '' }))
      .thenState((state) => expect(state.searches.size).toBe(MAX_SAVED_SEARCHES));
  });

  it('renames and deletes only its own searches', () => {
    spec([created('s1', 'Spice chefs')])
      .when(command('RenameSearch', { searchId: 's1', name: 'Cooks' }))
      .then({ type: 'SavedSearchRenamed', data: { brandId, searchId: 's1', name: 'Cooks', at } });
    spec([created('s1', 'Spice chefs')])
      .when(command('RenameSearch', { searchId: 's1', name: 'Spice chefs' }))
      .thenNothingHappens();
    spec([created('s1', 'Spice chefs')])
      .when(command('DeleteSearch', { searchId: 'another-brands' }))
      .thenRefused('not_found', M.notFound);
  });

  it('records a creator once per search, and none for a deleted search', () => {
    spec([created('s1', 'Spice chefs')])
      .when(command('RecordSearchMatch', { searchId: 's1', creatorId: 'c1' }))
      .then(matched('s1', 'c1'));
    spec([created('s1', 'Spice chefs'), matched('s1', 'c1')])
      .when(command('RecordSearchMatch', { searchId: 's1', creatorId: 'c1' }))
      .thenNothingHappens();
    spec([
      created('s1', 'Spice chefs'),
      { type: 'SavedSearchDeleted', data: { brandId, searchId: 's1', at } },
    ])
      .when(command('RecordSearchMatch', { searchId: 's1', creatorId: 'c1' }))
      .thenNothingHappens();
  });

  it('claims one digest a day with the matches not mailed yet, and lists nothing without matches', () => {
    const history = [created('s1', 'Spice chefs'), created('s2', 'Quiet'), matched('s1', 'c1')];
    spec(history)
      .when(command('ClaimDigest', {}))
      .then({
        type: 'SavedSearchDigestSent',
        data: {
          brandId,
          day: '2026-01-15',
          searches: [
            {
              searchId: 's1',
              name: 'Spice chefs',
              query: 'adCategories=spices',
              creatorIds: ['c1'],
            },
          ],
          at,
        },
      });
    const sent = savedSearchesDecider.decide(command('ClaimDigest', {}), {
      ...history.reduce(savedSearchesDecider.evolve, savedSearchesDecider.initialState()),
    }) as SavedSearchEvent[];
    // The same day again, even with a new match: nothing.
    spec([...history, ...sent, matched('s1', 'c2')])
      .when(command('ClaimDigest', {}))
      .thenNothingHappens();
    // Nothing new: the day is claimed with nothing to mail.
    spec([created('s1', 'Spice chefs')])
      .when(command('ClaimDigest', {}))
      .then({
        type: 'SavedSearchDigestSent',
        data: { brandId, day: '2026-01-15', searches: [], at },
      });
  });

  it('mails nothing for a search whose digest is off, for one search or all', () => {
    spec([created('s1', 'A'), created('s2', 'B')])
      .when(command('SetSearchDigest', { searchId: null, digest: false, via: 'mail' }))
      .then(
        ['s1', 's2'].map((searchId) => ({
          type: 'SavedSearchDigestChanged' as const,
          data: { brandId, searchId, digest: false, via: 'mail' as const, at },
        })),
      );
    const off: SavedSearchEvent = {
      type: 'SavedSearchDigestChanged',
      data: { brandId, searchId: 's1', digest: false, via: 'mail', at },
    };
    // Turning it off again is nothing (the link is idempotent).
    spec([created('s1', 'A'), off])
      .when(command('SetSearchDigest', { searchId: 's1', digest: false, via: 'mail' }))
      .thenNothingHappens();
    spec([created('s1', 'A'), off, matched('s1', 'c1')])
      .when(command('ClaimDigest', {}))
      .then({
        type: 'SavedSearchDigestSent',
        data: { brandId, day: '2026-01-15', searches: [], at },
      });
  });

  it('counts unseen matches until the brand has seen them', () => {
    spec([created('s1', 'A'), matched('s1', 'c1')])
      .when(command('MarkMatchesSeen', {}))
      .then({ type: 'SavedSearchMatchesSeen', data: { brandId, at } });
    spec([created('s1', 'A')])
      .when(command('MarkMatchesSeen', {}))
      .thenNothingHappens();
  });
});

describe('saved searches: names', () => {
  const saving = (name: string, past: SavedSearchEvent[] = []) =>
    spec(past).when(command('SaveSearch', { searchId: 'new', name, query: '' }));

  it('refuses characters that change the direction of text, with the product’s words', () => {
    for (const name of ['Spice\u202Esllik', 'Cooks \u2067x\u2069', 'A\u200Fb', 'A\u061Cb']) {
      saving(name).thenRefused('validation', NAME_MESSAGES.direction);
    }
  });

  it('refuses control characters and line separators', () => {
    for (const name of ['Spice\nchefs', 'Spice\tchefs', 'A\u0000', 'A\u2028b']) {
      saving(name).thenRefused('validation', NAME_MESSAGES.control);
    }
  });

  it('refuses a name that shows nothing', () => {
    for (const name of ['\u200B\u200B', '\u2800', '\u3164', ' \u00A0 ']) {
      saving(name).thenRefused('validation', M.nameMissing);
    }
  });

  it('refuses a lone surrogate', () => {
    for (const name of ['Spice \uD83C', '\uDC00 chefs']) {
      saving(name).thenRefused('validation', M.nameNotText);
    }
  });

  it('keeps names in NFC, so the same name typed another way is the same name', () => {
    const decomposed = 'Cafe\u0301 creators'; // e + combining acute
    saving(decomposed).then({
      type: 'SavedSearchCreated',
      data: {
        brandId,
        searchId: 'new',
        name: 'Caf\u00E9 creators',
        query: '',
        filters: savedQueryOf('').filters,
        at,
      },
    });
    saving('CAF\u00C9 CREATORS', [created('s1', 'Caf\u00E9 creators')]).thenRefused(
      'conflict',
      M.sameName,
    );
    saving('caf\u00E9 creators', [created('s1', decomposed)]).thenRefused('conflict', M.sameName);
    spec([created('s1', 'Caf\u00E9 creators'), created('s2', 'Other')])
      .when(command('RenameSearch', { searchId: 's2', name: decomposed }))
      .thenRefused('conflict', M.sameName);
  });

  it('still counts the length after cleaning', () => {
    saving(`  ${'x'.repeat(60)}  `).thenState((state) =>
      expect(state.searches.get('new')?.name).toBe('x'.repeat(60)),
    );
  });
});

describe('saved searches: the saved query', () => {
  it('refuses a parameter the directory does not take, with the directory’s words', () => {
    expect(() => savedQueryOf('adCategories=spices&admin=1')).toThrow(
      'This request does not take the "admin" parameter.',
    );
    expect(() => savedQueryOf('search[$gt]=')).toThrow(
      'This request does not take the "search[$gt]" parameter.',
    );
  });

  it('reads __proto__ and constructor as unknown names, never as the object’s own', () => {
    for (const query of [
      '__proto__=x',
      '__proto__=a&__proto__=b',
      '__proto__[search]=asha',
      'constructor=x',
      'toString=x&search=asha',
      'hasOwnProperty=1',
    ]) {
      const key = decodeURIComponent(query.split('=')[0]!);
      expect(() => savedQueryOf(query)).toThrow(
        `This request does not take the "${key}" parameter.`,
      );
    }
    // Nothing reached Object.prototype.
    expect(Object.prototype).not.toHaveProperty('search');
  });

  it('keeps every parameter the directory takes, and drops the page', () => {
    expect(
      savedQueryOf('?view=grid&limit=24&page=2&verifiedOnly=true&search=asha&sort=followers').query,
    ).toBe('search=asha&sort=followers&verifiedOnly=true');
    expect(savedQueryOf('=x&search=asha').query).toBe('search=asha');
  });
});

describe('saved searches: folding a long stream', () => {
  const deleted = (searchId: string): SavedSearchEvent => ({
    type: 'SavedSearchDeleted',
    data: { brandId, searchId, at },
  });

  it('folds 20,000 saves and deletes into a state without a growing list', () => {
    const events = Array.from({ length: 20_000 }, (_, i) => [
      created(`s${i}`, 'Again'),
      matched(`s${i}`, `c${i}`),
      deleted(`s${i}`),
    ]).flat();
    const state = fold(savedSearchesDecider, events);
    expect(state.searches.size).toBe(0);
    expect(state.unseen).toBe(20_000);
    // Nothing in the state is a list that grows with the stream: ids are a set.
    for (const value of Object.values(state)) expect(Array.isArray(value)).toBe(false);
    expect(state.usedIds).toBeInstanceOf(Set);
    expect(state.usedIds.size).toBe(20_000);
    // An id used long ago is still never used again; a new one is.
    expect(() =>
      savedSearchesDecider.decide(
        command('SaveSearch', { searchId: 's7', name: 'Again', query: '' }),
        state,
      ),
    ).toThrow(M.alreadySaved);
    expect(
      savedSearchesDecider.decide(
        command('SaveSearch', { searchId: 'fresh', name: 'Again', query: '' }),
        state,
      ),
    ).toHaveLength(1);
  });

  it('folds the same state one event at a time as all at once, and never changes the one it starts from', () => {
    const history: SavedSearchEvent[] = [
      created('s1', 'A'),
      created('s2', 'B'),
      matched('s1', 'c1'),
      matched('s2', 'c2'),
      { type: 'SavedSearchRenamed', data: { brandId, searchId: 's1', name: 'A2', at } },
      {
        type: 'SavedSearchDigestChanged',
        data: { brandId, searchId: 's2', digest: false, via: 'app', at },
      },
      matched('s1', 'c3'),
      {
        type: 'SavedSearchDigestSent',
        data: {
          brandId,
          day: '2026-01-15',
          searches: [{ searchId: 's1', name: 'A2', query: '', creatorIds: ['c1'] }],
          at,
        },
      },
      deleted('s2'),
    ];
    const oneByOne = history.reduce(
      savedSearchesDecider.evolve,
      savedSearchesDecider.initialState(),
    );
    const start = fold(savedSearchesDecider, history.slice(0, 4));
    const startS1 = start.searches.get('s1')!;
    const allAtOnce = savedSearchesDecider.evolveAll!(start, history.slice(4));
    expect(allAtOnce).toEqual(oneByOne);
    const s1 = allAtOnce.searches.get('s1')!;
    expect(s1).toMatchObject({ name: 'A2', pending: ['c3'] });
    expect([...entriesOf(s1.matched).keys()]).toEqual(['c1', 'c3']);
    // The state folded from is as it was (the command handler keeps it in its cache).
    expect(start.searches.size).toBe(2);
    expect(start.searches.get('s1')).toBe(startS1);
    expect(startS1).toMatchObject({ name: 'A', pending: ['c1'] });
    expect([...entriesOf(startS1.matched).keys()]).toEqual(['c1']);
  });
});

describe('saved searches: matching', () => {
  const { filters } = savedQueryOf('adCategories=spices&minFollowers=10k');

  const verified = (entry: DirectoryEntry): DirectoryEntry => ({
    ...entry,
    verified: true,
    verifiedPlatforms: ['instagram'],
  });

  it('a verified creator matches when their entry comes into the search’s results', () => {
    const bare = verified(registeredEntry(registration())!);
    expect(becameMatch(null, bare, filters)).toBe(false);
    const complete = verified(save(bare, completeWizard()));
    expect(becameMatch(bare, complete, filters)).toBe(true);
  });

  it('an unverified creator is no match, however well they fit; verified later, they are', () => {
    const bare = registeredEntry(registration())!;
    // Wizard step 2 saved (the categories): the filters fit, no account is verified.
    const stepTwo = save(bare, { adCategories: ['spices'], pageContentCategory: ['cooking'] });
    expect(stepTwo.verified).toBe(false);
    expect(becameMatch(bare, stepTwo, savedQueryOf('adCategories=spices').filters)).toBe(false);
    const complete = save(stepTwo, completeWizard());
    expect(complete.verified).toBe(false);
    expect(becameMatch(stepTwo, complete, filters)).toBe(false);
    expect(becameMatch(null, complete, filters)).toBe(false);
    // Verified now: a new match then.
    expect(becameMatch(complete, verified(complete), filters)).toBe(true);
    // Verified but outside the filters: still no match.
    const elsewhere = save(complete, completeWizard({ adCategories: ['smartphones'] }));
    expect(becameMatch(complete, verified(elsewhere), filters)).toBe(false);
  });

  it('a creator who matched already and edits their profile is no news', () => {
    const before = verified(creator(completeWizard()));
    const after = verified(save(before, completeWizard({ description: 'Now with desserts.' })));
    expect(becameMatch(before, after, filters)).toBe(false);
  });

  it('a creator outside the filters does not match', () => {
    const other = verified(creator(completeWizard({ adCategories: ['smartphones'] })));
    expect(becameMatch(null, other, filters)).toBe(false);
  });

  it('verification brings a creator into a verified-only search', () => {
    const verifiedOnly = savedQueryOf('verifiedOnly=true').filters;
    const entry = creator(completeWizard());
    expect(becameMatch(null, entry, verifiedOnly)).toBe(false);
    expect(becameMatch(entry, verified(entry), verifiedOnly)).toBe(true);
  });
});

describe('saved searches: the digest day', () => {
  it('is India’s day, due at the next digest hour', () => {
    expect(digestDay('2026-01-15T20:00:00.000Z')).toBe('2026-01-16');
    expect(digestDueAt('2026-01-15T02:00:00.000Z', 9)).toBe('2026-01-15T03:30:00.000Z');
    expect(digestDueAt('2026-01-15T04:00:00.000Z', 9)).toBe('2026-01-16T03:30:00.000Z');
  });
});
