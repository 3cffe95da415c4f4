/**
 * People's names are text (issue 18): NFC, no control characters (a line break, a NUL, a tab),
 * no line or paragraph separators, no bidirectional controls (the overrides, embeddings and
 * isolates U+202A–U+202E, U+2066–U+2069, which let a name reverse what follows it on screen and
 * in mails, and the marks U+200E, U+200F, U+061C, which reorder the punctuation around it),
 * something visible in it (not only zero-width or blank characters), whitespace collapsed. A
 * name typed today is refused with a clear message when it holds such characters; a name
 * recorded before (events are never edited) is shown cleaned by `cleanName`, wherever it is read.
 */
import { z } from 'zod';

const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const DIRECTION = /\p{Bidi_Control}/u;
const DIRECTIONS = /\p{Bidi_Control}/gu;
const SHOWN = /[\p{L}\p{N}\p{S}\p{P}]/u;
/** Characters that show nothing: zero-width and filler characters, the braille blank. */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether a name shows anything: at least one letter, digit, symbol or punctuation mark. */
export const showsSomething = (name: string): boolean => {
  for (const character of name) if (SHOWN.test(character) && !BLANK.test(character)) return true;
  return false;
};

const SPACES = /\s+/gu;

export const NAME_MESSAGES = {
  control: 'Names cannot contain line breaks, tabs or other control characters.',
  direction: 'Names cannot contain characters that change the direction of text.',
} as const;

/** A name as it is shown: NFC, control characters as spaces, direction controls dropped, spaces collapsed. */
export const cleanName = (name: string): string =>
  name.normalize('NFC').replace(CONTROLS, ' ').replace(DIRECTIONS, '').replace(SPACES, ' ').trim();

/**
 * A name field (zod): refuses control and direction characters, then keeps the name clean
 * (`cleanName`) and between 1 and `max` characters, with the form's own messages for those.
 */
export const nameText = (messages: Readonly<{ required: string; tooLong: string }>, max: number) =>
  z
    .string(messages.required)
    .refine((name) => !CONTROL.test(name), NAME_MESSAGES.control)
    .refine((name) => !DIRECTION.test(name), NAME_MESSAGES.direction)
    .transform(cleanName)
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .refine(showsSomething, messages.required)
        .max(max, messages.tooLong),
    );

/**
 * An optional name field (a brand's company): the same characters as `nameText`, cleaned the same
 * way; empty is allowed (it means none) and `max` bounds the rest.
 */
export const optionalNameText = (
  messages: Readonly<{ notText: string; tooLong: string }>,
  max: number,
) =>
  z
    .string(messages.notText)
    .refine((name) => !CONTROL.test(name), NAME_MESSAGES.control)
    .refine((name) => !DIRECTION.test(name), NAME_MESSAGES.direction)
    .transform(cleanName)
    .pipe(
      z
        .string()
        .refine((name) => name === '' || showsSomething(name), messages.notText)
        .max(max, messages.tooLong),
    );
