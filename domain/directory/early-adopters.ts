/**
 * The early-adopter badge (issue 24): the marketplace's first creators carry it on their card and
 * profile for good. Who is one is decided once, by an event, so a rebuild of any read model gives
 * the same answer and a later change of the rule (a larger count, another window) never takes a
 * badge away or hands one out in the past.
 *
 * The seats are one stream, `system-earlyadopters`: each badge is an `EarlyAdopterBadgeAwarded`
 * with its seat number, appended with the stream's expected revision, so two creators at once
 * cannot take the same last seat. A process manager sends `AwardEarlyAdopterBadge` when a
 * creator's first social account is verified, in the log's order
 * (services/directory/early-adopters.ts): a sign-up alone takes no seat.
 */
import type { Decider } from '../shared/decider.ts';
import type { Command, Event } from '../shared/messages.ts';

export const EARLY_ADOPTERS_STREAM = 'system-earlyadopters';

/**
 * Who qualifies: the first `seats` creators to verify an account, and (when `until` is set) only
 * those who signed up before that instant. Both come from the environment (EARLY_ADOPTER_SEATS,
 * EARLY_ADOPTER_UNTIL).
 */
export type EarlyAdopterRule = Readonly<{ seats: number; until: string | null }>;

export type EarlyAdopterBadgeAwarded = Event<
  'EarlyAdopterBadgeAwarded',
  { userId: string; seat: number; registeredAt: string }
>;
export type EarlyAdopterEvent = EarlyAdopterBadgeAwarded;

export type AwardEarlyAdopterBadge = Command<
  'AwardEarlyAdopterBadge',
  { userId: string; registeredAt: string; rule: EarlyAdopterRule }
>;

/** The seats taken, by whom (a few thousand at most: the rule's count bounds the stream). */
export type EarlyAdoptersState = Readonly<{ holders: ReadonlySet<string>; taken: number }>;

/** Whether a creator who signed up at `registeredAt` may take a seat, seats aside. */
export const withinWindow = (rule: EarlyAdopterRule, registeredAt: string): boolean =>
  rule.until === null || Date.parse(registeredAt) < Date.parse(rule.until);

export const earlyAdoptersDecider: Decider<
  EarlyAdoptersState,
  AwardEarlyAdopterBadge,
  EarlyAdopterEvent
> = {
  initialState: () => ({ holders: new Set(), taken: 0 }),
  // No seat left, too late, or already seated: nothing happens (not an error: the process
  // manager asks for every creator, and most of them, in time, will not get one).
  decide: ({ data }, state) => {
    if (state.holders.has(data.userId)) return [];
    if (state.taken >= data.rule.seats) return [];
    if (!withinWindow(data.rule, data.registeredAt)) return [];
    return {
      type: 'EarlyAdopterBadgeAwarded',
      data: { userId: data.userId, seat: state.taken + 1, registeredAt: data.registeredAt },
    };
  },
  evolve: (state, event) => ({
    holders: new Set([...state.holders, event.data.userId]),
    taken: Math.max(state.taken, event.data.seat),
  }),
  evolveAll: (state, events) => {
    const holders = new Set(state.holders);
    let taken = state.taken;
    for (const event of events) {
      holders.add(event.data.userId);
      taken = Math.max(taken, event.data.seat);
    }
    return { holders, taken };
  },
};
