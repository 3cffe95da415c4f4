/** What the insights context says to people (spec voice: whole sentences). */
export const INSIGHTS_MESSAGES = {
  badDays: 'Choose a period of 7, 30 or 90 days.',
  badFlush: 'These analytics cannot be recorded: a count or a viewer is malformed.',
  creatorsOnly: 'Insights are for creators: sign in with your creator account to see yours.',
} as const;
