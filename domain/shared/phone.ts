import { z } from 'zod';

export const MAX_PHONE_LENGTH = 20;
/** Digits, spaces and dashes with an optional leading +, or nothing: one rule for every phone. */
export const PHONE_PATTERN = /^(?:\+?\d[\d -]*)?$/;

/**
 * A phone number as registration (`mobile`) and the profile (`mobile`, `whatsapp`) take it;
 * `what` names it in the plural for the messages ("Phone numbers", "WhatsApp numbers").
 */
export const phoneField = (what: string) =>
  z
    .string(`${what} may contain digits, spaces, dashes and a leading +`)
    .trim()
    .max(MAX_PHONE_LENGTH, `${what} can be at most ${MAX_PHONE_LENGTH} characters long.`)
    .regex(PHONE_PATTERN, `${what} may contain digits, spaces, dashes and a leading +`);
