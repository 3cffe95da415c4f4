/**
 * The file name a `Content-Disposition` header gives a download (`attachment;
 * filename="ledger-….csv"`), kept to a plain name: no directory, no quote; the fallback otherwise.
 */
export const attachmentName = (disposition: string | null, fallback: string): string => {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim();
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
};
