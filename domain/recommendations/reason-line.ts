/**
 * A recommended creator's reasons as one line on its card: "Matches your searches for Fashion ·
 * audience in Mumbai · Reel under ₹2,000", its first letter a capital whichever reason comes
 * first ("Audience in Indore" on its own).
 */
export const reasonLine = (reasons: readonly string[]): string => {
  const line = reasons.join(' · ');
  return line.charAt(0).toLocaleUpperCase('en-IN') + line.slice(1);
};
