/**
 * A field's name in words, for messages people read (issue 19: no field path or code reaches a
 * screen): `targetUserId` reads "target user id", `minFollowers` "min followers", `token.keys`
 * "token keys".
 */
export const fieldWords = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .toLowerCase()
    .trim();

/** The same, starting a sentence: "Target user id". */
export const FieldWords = (key: string): string => {
  const words = fieldWords(key);
  return words.charAt(0).toUpperCase() + words.slice(1);
};
