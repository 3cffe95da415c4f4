import { z } from 'zod';

export const MAX_PHONE_LENGTH = 20;
/** Digits, spaces and dashes with an optional leading +, or nothing: one rule for every phone. */
export const PHONE_PATTERN = /^(?:\+?\d[\d -]*)?$/;

/** A phone number as registration (`mobile`) and the profile (`mobile`, `whatsapp`) take it. */
export const phoneField = (what: string) =>
  z
    .string(`${what}: expected text`)
    .trim()
    .max(MAX_PHONE_LENGTH, `${what}: at most ${MAX_PHONE_LENGTH} characters`)
    .regex(PHONE_PATTERN, `${what}: digits, spaces, dashes and a leading + only`);
