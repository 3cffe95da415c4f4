/**
 * The CSV download over HTTP under backpressure: a long export waits for the client many times
 * and must leave no listener behind on the response (`make bench`'s 10,000-line ledger printed
 * a MaxListenersExceededWarning before).
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCsv } from './csv.ts';

type Row = { n: number; text: string };

describe('a CSV export under backpressure', () => {
  const listenersAfter: number[] = [];
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let url: string;

  beforeAll(async () => {
    process.on('warning', onWarning);
    const app = express();
    app.get('/export.csv', (_req, res) => {
      // 20 batches of 1,000 rows of about 400 bytes: every batch overflows the socket's buffer.
      function* rows(): Iterable<Row> {
        for (let n = 0; n < 20_000; n++) yield { n, text: `row ${n} ${'x'.repeat(400)}` };
      }
      void sendCsv<Row>(
        res,
        'export.csv',
        [
          ['n', 'N'],
          ['text', 'Text'],
        ],
        rows(),
      ).then(() => listenersAfter.push(res.listenerCount('close') + res.listenerCount('drain')));
    });
    await new Promise<void>((done) => {
      server = app.listen(0, '127.0.0.1', () => done());
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.csv`;
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('sends every row and leaves no listener behind on the response', async () => {
    const answer = await fetch(url);
    const text = await answer.text();
    expect(text.trimEnd().split('\n')).toHaveLength(20_001);
    await expect.poll(() => listenersAfter.length).toBe(1);
    // Express and Node keep at most a couple of their own; one per wait would be about 20.
    expect(listenersAfter[0]).toBeLessThanOrEqual(3);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
