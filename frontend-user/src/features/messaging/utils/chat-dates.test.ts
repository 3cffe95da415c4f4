import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, groupByDay, timeLabel } from './chat-dates';

// Dates are built in the local time zone, as the screen reads them, so the test holds in any zone.
const at = (month: number, day: number, hour = 12, minute = 0, year = 2026) =>
  new Date(year, month - 1, day, hour, minute);
const now = at(11, 23, 9, 30);

describe('dayLabel (docs/product-spec.md section 2: Today, Yesterday, or the short month and day)', () => {
  it('reads Today for any time of the current local day', () => {
    expect(dayLabel(at(11, 23, 0, 0), now)).toBe('Today');
    expect(dayLabel(at(11, 23, 23, 59), now)).toBe('Today');
    expect(dayLabel(at(11, 23, 8, 0).toISOString(), now)).toBe('Today');
  });

  it('reads Yesterday by the calendar, not by 24 hours', () => {
    expect(dayLabel(at(11, 22, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(at(11, 22, 0, 1), now)).toBe('Yesterday');
    // Less than 24 hours before a time just after midnight is still yesterday.
    expect(dayLabel(at(11, 22, 23, 0), at(11, 23, 0, 30))).toBe('Yesterday');
  });

  it('reads the short month and day before that', () => {
    expect(dayLabel(at(11, 21, 12), now)).toBe('Nov 21');
    expect(dayLabel(at(3, 5), now)).toBe('Mar 5');
    expect(dayLabel(at(10, 31), at(11, 1, 1))).toBe('Yesterday');
  });

  it('keeps to the short month and day for a day of another year (no year, as the spec says)', () => {
    expect(dayLabel(at(12, 30, 12, 0, 2025), now)).toBe('Dec 30');
    expect(dayLabel(at(12, 31, 23, 0, 2025), at(1, 1, 0, 30, 2026))).toBe('Yesterday');
  });

  it('reads nothing for an invalid date', () => {
    expect(dayLabel('not a date', now)).toBe('');
  });
});

describe('timeLabel', () => {
  it("reads a message's local time", () => {
    expect(timeLabel(at(11, 23, 16, 5).toISOString())).toBe('4:05 PM');
    expect(timeLabel(at(11, 23, 0, 0).toISOString())).toBe('12:00 AM');
    expect(timeLabel('nope')).toBe('');
  });
});

describe('groupByDay (the date chips of a conversation)', () => {
  it('groups consecutive messages by local day, in order, each group with its label', () => {
    const items = [
      { id: 'a', timestamp: at(11, 20, 10).toISOString() },
      { id: 'b', timestamp: at(11, 22, 23, 59).toISOString() },
      { id: 'c', timestamp: at(11, 23, 0, 1).toISOString() },
      { id: 'd', timestamp: at(11, 23, 9, 0).toISOString() },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Nov 20', ['a']],
      ['Yesterday', ['b']],
      ['Today', ['c', 'd']],
    ]);
    expect(groups.map((group) => group.key)).toEqual(
      items.slice(0, 3).map((item) => dayKey(item.timestamp)),
    );
  });

  it('has no group without messages', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
