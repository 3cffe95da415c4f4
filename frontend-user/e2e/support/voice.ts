import type { Page } from 'playwright-core';
import { voiceProblem } from '@linkcoin/domain/shared/voice.ts';

/**
 * Every message a page shows people right now: alerts, notices (toasts), form helper texts and
 * dialogs' texts, in either app (react-admin's notifications too).
 */
export async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page
    .locator(
      [
        '[role=alert]',
        '[role=status]',
        '.MuiFormHelperText-root',
        '.MuiDialogContentText-root',
        '.MuiAlert-message',
        '.Toastify__toast',
        '.MuiSnackbarContent-message',
      ].join(', '),
    )
    .allTextContents();
  return [...new Set(texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean))];
}

/** The messages of `seen` that are not in the product's voice, with what is wrong. */
export function unvoiced(seen: Iterable<string>): string[] {
  return [...seen].flatMap((message) => {
    const problem = voiceProblem(message);
    return problem ? [`"${message}" ${problem}`] : [];
  });
}

/** Collects what a page shows over a test: call `look` after each step that shows something. */
export function messageLog(page: Page) {
  const seen = new Set<string>();
  return {
    seen,
    look: async () => {
      for (const message of await shownMessages(page)) seen.add(message);
    },
  };
}
