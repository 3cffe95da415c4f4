import type { EventToAppend } from '@linkcoin/infra/eventstore/port.ts';
import type { TestServer } from './test-server.ts';

export type LegacyEvent = Readonly<{ type: string; data: object }>;

/**
 * Writes events straight into the runtime's event store, past every command and its checks, then
 * waits until the read models hold them. For data the API refuses today but an older version (or
 * a bug) could have stored: the front ends must stay safe with it.
 */
export async function appendLegacyEvents(
  server: TestServer,
  streamId: string,
  events: readonly LegacyEvent[],
): Promise<void> {
  const { platform } = server.runtime;
  const timestamp = new Date().toISOString();
  const toAppend: EventToAppend[] = events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: {
      actorUserId: null,
      correlationId: 'legacy-data-seed',
      causationId: null,
      schemaVersion: 1,
      timestamp,
    },
  }));
  const result = await platform.eventStore.append(streamId, toAppend, {
    expectedRevision: 'any',
  });
  const caughtUp = await platform.progress.waitFor(result.position, 10_000);
  if (!caughtUp) throw new Error(`The read models did not catch up with ${streamId}`);
}

/** The events of a stream as stored, to copy a real one into a legacy variant. */
export async function storedEvents(server: TestServer, streamId: string) {
  return server.runtime.platform.eventStore.readStream(streamId);
}
