import request from 'supertest';
import { expect } from 'vitest';
import type { InvariantsReport, ReplayCheckView } from '@linkcoin/domain/audit/contracts.ts';
import { ledgerAudit } from '@linkcoin/domain/audit/invariants.ts';
import type { TestUser } from './accounts.ts';
import type { TestServer } from './test-server.ts';

/** The ledger invariants over the server's whole log, as the auditors' check reads them. */
export const ledgerInvariants = async (server: TestServer): Promise<InvariantsReport> => {
  const store = server.runtime.platform.eventStore;
  const clock = server.runtime.platform.clock;
  const audit = ledgerAudit();
  for (let after: number | null = null; ;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    for (const event of page.events) audit.observe(event);
    if (page.isEnd) break;
    after = page.lastPosition;
  }
  return audit.report(clock.now());
};

/**
 * After a test file's scenarios: every coin of the log still adds up (the reliability tests of
 * the wallet, payments and collections end with it). The offences are the failure's message.
 */
export const expectLedgerInvariantsHold = async (server: TestServer): Promise<void> => {
  const report = await ledgerInvariants(server);
  const offences = report.rules.flatMap((rule) => rule.offences.map((o) => o.message));
  expect(offences).toEqual([]);
  expect(report.passed).toBe(true);
};

/** Waits for what a process does in the background, in hooks (where expect.poll is refused). */
export const waitUntil = async (done: () => Promise<boolean>, what = 'a condition') => {
  for (let tries = 0; tries < 300; tries++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Gave up waiting for ${what}`);
};

/**
 * The console's replay check (of every read model, or of `readModels`), started over HTTP by an
 * admin or an auditor and polled as the console polls it until it has finished: a context's
 * tests reach the audit's check this way, not by importing another context. Answers the finished
 * check, and what the start answered (202, its Location) for tests of the endpoint itself.
 */
export const replayCheckOverHttp = async (
  url: string,
  by: TestUser,
  options: { readModels?: readonly string[]; timeoutMs?: number } = {},
): Promise<{ check: ReplayCheckView; started: { location: string; view: ReplayCheckView } }> => {
  const auth = { Authorization: `Bearer ${by.token}` };
  const answer = await request(url)
    .post('/api/admin/replay-checks')
    .set(auth)
    .send(options.readModels ? { readModels: options.readModels } : {})
    .expect(202);
  const started = {
    location: String(answer.headers.location),
    view: answer.body as ReplayCheckView,
  };
  let check = started.view;
  await expect
    .poll(
      async () => {
        check = (
          await request(url).get(`/api/admin/replay-checks/${check.id}`).set(auth).expect(200)
        ).body as ReplayCheckView;
        return check.status;
      },
      { timeout: options.timeoutMs ?? 60_000 },
    )
    .toMatch(/done|failed/);
  return { check, started };
};
