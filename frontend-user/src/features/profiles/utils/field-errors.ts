/** A form's errors by field path, e.g. "mobile" or "profileDetails.0.followers". */
export type FieldErrors = Readonly<Record<string, string>>;

/** The shared schema's issues by path (the first message of each field). */
export function issuesByPath(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
