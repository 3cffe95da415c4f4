/** A tool the bench needs is missing: reported as "could not measure". */
export class ToolMissingError extends Error {}
