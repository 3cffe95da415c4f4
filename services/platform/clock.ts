/** The clock every context takes the time from (tests pass a fixed one). */
export type Clock = Readonly<{ now: () => Date }>;
