let sequence = 0;

/** A key for an account or post that the server has not given an id yet. */
export function newDraftKey(): string {
  sequence += 1;
  return `draft-${sequence}`;
}
