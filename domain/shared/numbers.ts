import { z } from 'zod';

const DIGITS = /^\d{1,15}$/;

/**
 * A whole number given as a JSON number or as plain decimal digits. `Number()` would read
 * "0x10" as 16, "1e3" as 1000 and " 12 " as 12; money and quantities accept none of that.
 */
export const wholeNumberField = (what: string, min: number, max: number) =>
  z
    .unknown()
    .transform((value, ctx): number => {
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && DIGITS.test(value)) return Number.parseInt(value, 10);
      ctx.addIssue({
        code: 'custom',
        message:
          typeof value === 'string'
            ? `${what}: expected a whole number (digits only)`
            : `${what}: expected a whole number`,
      });
      return z.NEVER;
    })
    .pipe(
      z
        .number(`${what}: expected a whole number`)
        .int(`${what}: expected a whole number`)
        .min(min, `${what}: at least ${min}`)
        .max(max, `${what}: at most ${max}`),
    );

/**
 * The id of a user, a payment or a record in a path or a body: letters, digits, dashes and
 * underscores (our ids are UUIDs), so no path escape, NUL or operator can pass as one.
 */
export const idField = (what: string) =>
  z
    .string(`${what}: required`)
    .min(1, `${what}: required`)
    .max(64, `${what}: at most 64 characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what}: not an id`);
