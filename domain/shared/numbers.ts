import { z } from 'zod';
import { FieldWords } from './field-words.ts';

const DIGITS = /^\d{1,15}$/;

/**
 * A whole number given as a JSON number or as plain decimal digits. `Number()` would read
 * "0x10" as 16, "1e3" as 1000 and " 12 " as 12; money and quantities accept none of that.
 */
export const wholeNumberField = (what: string, min: number, max: number) => {
  const wanted = `${FieldWords(what)} must be a whole number from ${min} to ${max}.`;
  return z
    .unknown()
    .transform((value, ctx): number => {
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && DIGITS.test(value)) return Number.parseInt(value, 10);
      ctx.addIssue({
        code: 'custom',
        message:
          typeof value === 'string'
            ? `${FieldWords(what)} must be a whole number, in digits only.`
            : wanted,
      });
      return z.NEVER;
    })
    .pipe(z.number(wanted).int(wanted).min(min, wanted).max(max, wanted));
};

/**
 * The id of a user, a payment or a record in a path or a body: letters, digits, dashes and
 * underscores (our ids are UUIDs), so no path escape, NUL or operator can pass as one.
 */
export const idField = (what: string) => {
  const missing = `${FieldWords(what)} is missing.`;
  const invalid = `${FieldWords(what)} is not a valid id.`;
  return z
    .string(missing)
    .min(1, missing)
    .max(64, invalid)
    .regex(/^[A-Za-z0-9_-]+$/, invalid);
};
