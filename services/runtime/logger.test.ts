import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { installAccessLog } from '../platform/http/access-log.ts';
import { createLogger } from './logger.ts';

const appLoggingTo = (format: 'pretty' | 'json', level: 'debug' | 'info') => {
  let text = '';
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      text += chunk.toString();
      done();
    },
  });
  const logger = createLogger({ log: { format, level } }, 'linkcoin', sink);
  const app = express();
  installAccessLog(app, logger);
  app.get('/ok', (req, res) => {
    req.log.info({ body: { password: 'hunter2' } }, 'a handler line');
    res.json({ success: true });
  });
  app.get('/quiet', (_req, res) => {
    res.json({ success: true });
  });
  app.get('/refused', (_req, res) => {
    res.status(403).json({ success: false });
  });
  return { app, text: () => text };
};

describe('the log lines', () => {
  it('are one line per request in the pretty format, with method, path, status and id', async () => {
    const { app, text } = appLoggingTo('pretty', 'debug');
    await request(app).get('/ok?code=123456').set('X-Request-Id', 'pretty-id-1234').expect(200);
    await request(app).get('/refused').expect(403);
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('a handler line [pretty-id-1234]');
    expect(lines[1]).toMatch(/GET \/ok 200 \d+ ms \[pretty-id-1234\]/);
    expect(lines[2]).toMatch(/GET \/refused 403 \d+ ms/);
    expect(text()).not.toContain('123456');
    expect(text()).not.toContain('hunter2');
  });

  it('are one JSON line per refusal, and none for a success at the default level', async () => {
    const { app, text } = appLoggingTo('json', 'info');
    await request(app).get('/quiet').expect(200);
    await request(app).get('/refused').expect(403);
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, res: { statusCode: 403 } });
  });
});
