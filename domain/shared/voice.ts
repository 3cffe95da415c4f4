/**
 * The product's voice (issue 19, "Words people understand"): every message a person reads is a
 * sentence, never a field path (`mobile: …`, `pricing.reel: …`) or an error code
 * (`INSUFFICIENT_FUNDS`, `invalid_type`). The tests of both apps and of the API check what they
 * show and answer with this.
 */
const FIELD_PATH = /(?:^|[\s("])[A-Za-z_][\w.[\]]*: /;
const ERROR_CODE =
  /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(?:invalid_type|too_small|too_big|invalid_format|invalid_value|unrecognized_keys|invalid_union)\b|\bstatus (?:code )?[45]\d\d\b/;

/** What is wrong with a message in the product's voice, or null when nothing is. */
export const voiceProblem = (message: string): string | null => {
  const path = FIELD_PATH.exec(message);
  if (path) return `names a field path ("${path[0].trim()}")`;
  const code = ERROR_CODE.exec(message);
  if (code) return `shows a code ("${code[0]}")`;
  return null;
};
