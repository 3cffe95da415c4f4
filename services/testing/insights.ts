import type { TestServer } from './test-server.ts';

/**
 * Writes the analytics counted so far (the recorder's flush, what its timer does every few
 * seconds) and waits until the read models have applied them: deterministic, no sleeping.
 */
export const flushAnalytics = async (server: TestServer): Promise<void> => {
  const { platform } = server.runtime;
  const position = await platform.analytics.flush();
  const head = position ?? (await platform.eventStore.headPosition());
  if (!(await platform.progress.waitFor(head, 10_000))) {
    throw new Error('The read models did not apply the analytics in time');
  }
};
