import {
  ANY,
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import {
  eventTypesRegex,
  isStreamNotFound,
  isSystemRecord,
  toKurrentPosition,
  toPortAppendError,
  toRecordedEvent,
  toSafeNumber,
  toStreamState,
} from './kurrentdb-mapping.ts';
import { AppendOutcomeUnknownError, WrongExpectedRevisionError } from './port.ts';

const metadata = {
  actorUserId: 'user-1',
  correlationId: 'corr-1',
  causationId: null,
  schemaVersion: 2,
  timestamp: '2026-01-01T00:00:00.000Z',
};

const resolved = (overrides: Record<string, unknown> = {}): AllStreamResolvedEvent =>
  ({
    event: {
      streamId: 'wallet-42',
      id: '5b6c1c9e-8d7f-4a53-9a8e-2f7f2f0b6c11',
      isJson: true,
      revision: 3n,
      type: 'CoinsPurchased',
      created: new Date('2026-01-01T00:00:00.000Z'),
      data: { coins: 11 },
      metadata,
      position: { commit: 4096n, prepare: 4096n },
      ...overrides,
    },
  }) as AllStreamResolvedEvent;

describe('KurrentDB mapping', () => {
  it('maps expected revisions to the client stream states', () => {
    expect(toStreamState(7)).toBe(7n);
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('stream_exists')).toBe(STREAM_EXISTS);
    expect(toStreamState('any')).toBe(ANY);
  });

  it('turns a checkpoint into a position whose commit and prepare are the checkpoint', () => {
    expect(toKurrentPosition(123_456)).toEqual({ commit: 123_456n, prepare: 123_456n });
  });

  it('refuses positions the port cannot hold exactly', () => {
    expect(toSafeNumber(42n, 'revision')).toBe(42);
    expect(() => toSafeNumber(2n ** 60n, 'commit position')).toThrow('does not fit');
    expect(() => toSafeNumber(-1n, 'revision')).toThrow('does not fit');
  });

  it('records an event with its commit position, revision, data and metadata', () => {
    expect(toRecordedEvent(resolved())).toEqual({
      id: '5b6c1c9e-8d7f-4a53-9a8e-2f7f2f0b6c11',
      streamId: 'wallet-42',
      revision: 3,
      position: 4096,
      type: 'CoinsPurchased',
      data: { coins: 11 },
      metadata,
    });
  });

  it('falls back to the resolved commit position and decodes binary JSON', () => {
    const event = toRecordedEvent({
      ...resolved({
        position: undefined,
        isJson: false,
        data: Buffer.from(JSON.stringify({ text: 'नमस्ते' })),
        metadata: Buffer.from(JSON.stringify(metadata)),
      }),
      commitPosition: 77n,
    });
    expect(event).toMatchObject({ position: 77, data: { text: 'नमस्ते' }, metadata });
  });

  it('fails loudly when the server sends no position at all', () => {
    expect(() => toRecordedEvent(resolved({ position: undefined }))).toThrow('without a position');
  });

  it('gives events written without metadata the least the port promises', () => {
    const event = toRecordedEvent(resolved({ metadata: undefined }));
    expect(event?.metadata).toEqual({
      actorUserId: null,
      correlationId: '5b6c1c9e-8d7f-4a53-9a8e-2f7f2f0b6c11',
      causationId: null,
      schemaVersion: 1,
      timestamp: '2026-01-01T00:00:00.000Z',
    });
  });

  it('hides system records and unresolved links', () => {
    expect(isSystemRecord('$stats-0.0.0.0:2113', 'Stats')).toBe(true);
    expect(isSystemRecord('wallet-1', '$metadata')).toBe(true);
    expect(isSystemRecord('wallet-1', 'CoinsGranted')).toBe(false);
    expect(toRecordedEvent(resolved({ streamId: '$ce-wallet', type: '$>' }))).toBeNull();
    expect(toRecordedEvent(resolved({ streamId: '$projections-$all' }))).toBeNull();
    expect(toRecordedEvent({})).toBeNull();
  });

  it('recognises a missing stream', () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'wallet-9'))).toBe(true);
    expect(isStreamNotFound({ type: 'stream-not-found' })).toBe(true);
    expect(isStreamNotFound(new UnavailableError())).toBe(false);
    expect(isStreamNotFound(new Error('stream-not-found'))).toBe(false);
  });

  it("turns the client's wrong expected version into the port's error", () => {
    const stale = toPortAppendError(
      new WrongExpectedVersionError(undefined, {
        streamName: 'wallet-1',
        expected: 0n,
        current: 1n,
      }),
      'wallet-1',
      0,
    );
    expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
    expect(stale).toMatchObject({ streamId: 'wallet-1', expected: 0, actual: 1 });

    const missing = toPortAppendError(
      new WrongExpectedVersionError(undefined, {
        streamName: 'wallet-2',
        expected: 'stream_exists',
        current: 'no_stream',
      }),
      'wallet-2',
      'stream_exists',
    );
    expect(missing).toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });

    const minusOne = toPortAppendError(
      new WrongExpectedVersionError(undefined, {
        streamName: 'wallet-3',
        expected: 4n,
        current: -1n,
      }),
      'wallet-3',
      4,
    );
    expect(minusOne).toMatchObject({ actual: 'no_stream' });
  });

  it('calls an append whose answer never came one of unknown outcome, to be retried as it was', () => {
    for (const lost of [
      new DeadlineExceededError(),
      new UnavailableError(),
      new CancelledError(),
    ]) {
      const mapped = toPortAppendError(lost, 'wallet-1', 3);
      expect(mapped).toBeInstanceOf(AppendOutcomeUnknownError);
      expect(mapped).toMatchObject({ streamId: 'wallet-1', cause: lost });
    }
  });

  it('passes any other error through unchanged', () => {
    const denied = new AccessDeniedError();
    expect(toPortAppendError(denied, 'wallet-1', 'any')).toBe(denied);
  });
});

describe('the event-type filter of the process subscription', () => {
  it('matches the named types whole and nothing else', () => {
    const regex = new RegExp(eventTypesRegex(['ProfileUpdated', 'MessageSent', 'ProfileUpdated']));
    expect(regex.test('ProfileUpdated')).toBe(true);
    expect(regex.test('MessageSent')).toBe(true);
    expect(regex.test('ProfileUpdatedLater')).toBe(false);
    expect(regex.test('$metadata')).toBe(false);
    expect(eventTypesRegex(['a.b'])).toBe('^(?:a\\.b)$');
  });
});
