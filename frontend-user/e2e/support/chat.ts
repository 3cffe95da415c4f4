import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { DESKTOP_VIEWPORT } from '../../../tooling/browser-test/browser.ts';

/** Sessions long enough to outlive a clock moved past a conversation's 7 days. */
export const LONG_SESSIONS = { TOKEN_TTL_SECONDS: String(30 * 24 * 60 * 60) } as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A second person in their own browser context (cookies, storage, socket of their own). */
export async function secondPerson(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number } = DESKTOP_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

/** The list of connections in the Messages sidebar (labelled Contacts on screen). */
export const connectionsList = (page: Page) => page.getByRole('list', { name: 'Contacts' });

/** A connection's row in the sidebar, by name. */
export const connectionRow = (page: Page, name: string) =>
  connectionsList(page)
    .getByRole('listitem')
    .filter({ has: page.getByTestId('connection-name').getByText(name, { exact: true }) });

/** The open conversation's messages. */
export const conversationLog = (page: Page, partnerName: string) =>
  page.getByRole('log', { name: `Conversation with ${partnerName}` });

/** A message bubble of the open conversation by its text. */
export const messageBubble = (page: Page, partnerName: string, text: string) =>
  conversationLog(page, partnerName).getByRole('listitem').filter({ hasText: text });

/** Types a message and sends it with the Send button. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The confirmation dialog (a modal) asking `question`. */
export const confirmDialog = (page: Page, question: string) =>
  page.getByRole('dialog').filter({ hasText: question });

/** The confirmation's spend button: "Add to List for 1 LinkCoin" or "Renew for 1 LinkCoin". */
export const spendButton = (dialog: ReturnType<typeof confirmDialog>) =>
  dialog.getByRole('button', { name: /^(Add to List|Renew) for 1 LinkCoin$/ });
