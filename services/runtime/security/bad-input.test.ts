/**
 * The bad-input sweep: every endpoint of the registry gets at least 20 malformed requests, built
 * from its valid request: wrong types, missing fields, huge strings, deep nesting, prototype keys,
 * operator objects, invalid JSON, wrong content types, oversized bodies, unknown parameters.
 * Each must be answered with a 4xx `{ success: false, message }` and leave the log as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import { voiceProblem } from '@linkcoin/domain/shared/voice.ts';
import type { Endpoint } from '../../platform/http/endpoint.ts';
import { headPosition } from '../../testing/accounts.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  newTarget,
  pathOf,
  send,
  suiteServer,
  type EndpointSecurity,
  type RequestSpec,
} from '../../testing/security.ts';
import { collectSecurity, keyOf, tableProblems, type CollectedSecurity } from './fixtures.ts';

/** One malformed request: how to send it, derived from the endpoint's valid request. */
type Probe = Readonly<{
  name: string;
  spec: RequestSpec;
  /** Raw body text with its content type, instead of the spec's JSON body. */
  raw?: Readonly<{ type: string; text: string | Buffer }>;
  headers?: Readonly<Record<string, string>>;
  /** Extra query string appended as is (repeated keys, brackets). */
  rawQuery?: string;
}>;

/** Query fields that take any text a person types (punctuation included). */
const FREE_TEXT = new Set(['GET /pageowners/users search']);

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** Values of another type than the valid one, and values no field should take. */
const badValuesFor = (valid: unknown): ReadonlyArray<readonly [string, unknown]> => [
  ['another type', typeof valid === 'string' ? 12_345 : 'not-the-right-type'],
  ['a boolean', typeof valid === 'boolean' ? 'yes' : true],
  ['null', null],
  ['a list', Array.isArray(valid) ? { not: 'a list' } : ['a', 'list']],
  ['an operator object', { $gt: '' }],
  ['a huge string', 'x'.repeat(60_000)],
  ['deep nesting', deep(40)],
];

const requiredKeys = (schema: unknown): ReadonlySet<string> =>
  schema instanceof z.ZodObject
    ? new Set(
        Object.entries(schema.shape as Record<string, z.ZodType>)
          .filter(([, field]) => !field.safeParse(undefined).success)
          .map(([key]) => key),
      )
    : new Set();

const probesFor = (endpoint: Endpoint, valid: RequestSpec): Probe[] => {
  const probes: Probe[] = [];
  const as = valid.as;
  const base: RequestSpec = { as, ...(valid.params ? { params: valid.params } : {}) };
  const json = (text: string) => ({ type: 'application/json', text });
  // The body, whatever the endpoint takes.
  probes.push(
    { name: 'invalid JSON', spec: base, raw: json('{"broken": ') },
    { name: 'an oversized body', spec: base, raw: json(`{"x":"${'a'.repeat(150_000)}"}`) },
    { name: 'a __proto__ key', spec: base, raw: json('{"__proto__":{"polluted":true}}') },
    {
      name: 'a constructor.prototype key',
      spec: base,
      raw: json('{"constructor":{"prototype":{"polluted":true}}}'),
    },
    { name: 'nesting 100 deep', spec: base, raw: json(JSON.stringify({ a: deep(100) })) },
    { name: 'a list as the body', spec: base, raw: json('[1,2,3]') },
    { name: 'null as the body', spec: base, raw: json('null') },
    { name: 'plain text', spec: base, raw: { type: 'text/plain', text: 'hello' } },
    {
      name: 'a form',
      spec: base,
      raw: { type: 'application/x-www-form-urlencoded', text: 'userId=a&x=1' },
    },
    {
      name: 'an unsupported charset',
      spec: base,
      raw: { type: 'application/json; charset=iso-8859-1', text: '{"a":1}' },
    },
    {
      name: 'a body claiming gzip',
      spec: base,
      raw: json('{"not":"gzip"}'),
      headers: { 'Content-Encoding': 'gzip' },
    },
    {
      name: 'twenty thousand values',
      spec: base,
      raw: json(JSON.stringify({ list: Array.from({ length: 20_001 }, () => 1) })),
    },
    { name: 'a prototype key', spec: base, raw: json('{"prototype":{"polluted":true}}') },
    {
      name: 'a __proto__ key deep inside',
      spec: base,
      raw: json('{"a":{"b":[{"__proto__":{"polluted":true}}]}}'),
    },
    { name: 'a string as the body', spec: base, raw: json('"text"') },
    { name: 'a number as the body', spec: base, raw: json('42') },
    { name: 'XML', spec: base, raw: { type: 'application/xml', text: '<a>1</a>' } },
    {
      name: 'a multipart form',
      spec: base,
      raw: {
        type: 'multipart/form-data; boundary=probe',
        text: '--probe\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--probe--\r\n',
      },
    },
    { name: 'a query key with a NUL', spec: valid, rawQuery: 'a%00b=1' },
    { name: 'a constructor query key', spec: valid, rawQuery: 'constructor=1' },
    {
      name: 'an unknown query parameter',
      spec: { ...valid, query: { ...valid.query, unexpected: '1' } },
    },
    { name: 'a bracketed query key', spec: valid, rawQuery: '__proto__[polluted]=1' },
    {
      name: 'a huge query value',
      spec: { ...valid, query: { ...valid.query, q2: 'q'.repeat(6000) } },
    },
  );
  // Each field of a JSON body.
  if (valid.body && endpoint.input?.body && endpoint.input.body !== 'multipart') {
    const required = requiredKeys(endpoint.input.body);
    for (const [field, value] of Object.entries(valid.body)) {
      for (const [what, bad] of badValuesFor(value)) {
        probes.push({
          name: `${field} as ${what}`,
          spec: { ...valid, body: { ...valid.body, [field]: bad } },
        });
      }
      if (required.has(field)) {
        const { [field]: _missing, ...rest } = valid.body;
        probes.push({ name: `${field} missing`, spec: { ...valid, body: rest } });
      }
    }
  }
  // Each query parameter.
  for (const [field, value] of Object.entries(valid.query ?? {})) {
    probes.push(
      { name: `${field} repeated`, spec: valid, rawQuery: `${field}=${encodeURIComponent(value)}` },
      {
        name: `${field} huge`,
        spec: { ...valid, query: { ...valid.query, [field]: 'h'.repeat(3000) } },
      },
      // A free-text field searches punctuation as text (issue 18): JSON in it is just words,
      // so what it must refuse is a control character.
      FREE_TEXT.has(`${keyOf(endpoint)} ${field}`)
        ? {
            name: `${field} with a control character`,
            spec: { ...valid, query: { ...valid.query, [field]: 'as\u0000ha' } },
          }
        : {
            name: `${field} as JSON garbage`,
            spec: { ...valid, query: { ...valid.query, [field]: '{"$gt":""}]' } },
          },
    );
  }
  // Each path parameter.
  for (const field of Object.keys(valid.params ?? {})) {
    for (const [what, bad] of [
      ['too long', 'p'.repeat(300)],
      ['a path escape', '../../secrets.json'],
      ['a NUL', 'a\u0000b'],
      ['an operator', '{"$gt":""}'],
    ] as const) {
      probes.push({
        name: `${field} ${what}`,
        spec: { ...valid, params: { ...valid.params, [field]: bad } },
      });
    }
  }
  // A multipart upload.
  const upload = valid.file;
  if (endpoint.input?.body === 'multipart' && upload) {
    const file = (content: Buffer, name = 'probe.png', field = upload.field) => ({
      ...valid,
      file: { field, content, name },
    });
    const png = Buffer.from(TINY_PNG);
    probes.push(
      { name: 'no file', spec: { as } },
      { name: 'JSON instead of a file', spec: { as, body: { file: 'probe.png' } } },
      { name: 'a text file', spec: file(Buffer.from('just text, not an image')) },
      {
        name: 'an SVG with a script',
        spec: file(Buffer.from('<svg onload="alert(1)"/>'), 'x.svg'),
      },
      { name: 'an empty file', spec: file(Buffer.alloc(0)) },
      { name: 'a truncated PNG', spec: file(png.subarray(0, 40)) },
      { name: 'the file under another field', spec: file(png, 'probe.png', 'picture') },
      {
        name: 'a file over the size limit',
        spec: file(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)])),
      },
      {
        name: 'an executable',
        spec: file(Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000'), 'x.exe'),
      },
    );
  }
  return probes;
};

describe('the bad-input sweep over every endpoint', () => {
  let server: TestServer;
  let clock: Awaited<ReturnType<typeof suiteServer>>['clock'];
  let endpoints: readonly Endpoint[];
  let table: CollectedSecurity;
  let fixtures: Readonly<Record<string, EndpointSecurity>>;

  beforeAll(async () => {
    ({ server, clock } = await suiteServer());
    endpoints = server.runtime.endpoints;
    table = await collectSecurity();
    fixtures = table.entries;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('knows every endpoint, and each declares what it takes', () => {
    expect(tableProblems(table, server.runtime)).toEqual([]);
    expect(endpoints.map(keyOf).sort()).toEqual(Object.keys(fixtures).sort());
    expect(endpoints.filter((endpoint) => !endpoint.input).map(keyOf)).toEqual([]);
  });

  it(
    'answers every malformed request with a 4xx JSON refusal and changes nothing',
    { timeout: 1_200_000 },
    async () => {
      const problems: string[] = [];
      const counts = new Map<string, number>();
      for (const endpoint of endpoints) {
        const valid = await fixtures[keyOf(endpoint)]!.valid(newTarget(server, clock));
        const probes = probesFor(endpoint, valid);
        counts.set(keyOf(endpoint), probes.length);
        for (const probe of probes) {
          const head = await headPosition(server);
          let req = send(
            server,
            endpoint.method,
            endpoint.path,
            probe.raw ? { ...probe.spec } : probe.spec,
            probe.headers ?? {},
          );
          if (probe.rawQuery) {
            const path = pathOf(endpoint.path, probe.spec.params);
            const query = new URLSearchParams(probe.spec.query ?? {}).toString();
            req = send(
              server,
              endpoint.method,
              '',
              { ...probe.spec, params: {}, query: {} },
              probe.headers ?? {},
            );
            req.url = `${server.url}/api${path}?${[query, probe.rawQuery].filter(Boolean).join('&')}`;
          }
          if (probe.raw) req = req.set('Content-Type', probe.raw.type).send(probe.raw.text);
          const answer = await req;
          const body = answer.body as { success?: unknown; message?: unknown };
          const refusedWell =
            answer.status >= 400 &&
            answer.status < 500 &&
            /application\/json/.test(String(answer.headers['content-type'])) &&
            body.success === false &&
            typeof body.message === 'string' &&
            body.message.length > 0;
          const unchanged = (await headPosition(server)) === head;
          if (!refusedWell || !unchanged) {
            problems.push(
              `${keyOf(endpoint)} with ${probe.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}${unchanged ? '' : ' (the log moved)'}`,
            );
          }
          // Refusals reach people's screens: sentences, never a field path or a code.
          const unvoiced = typeof body.message === 'string' ? voiceProblem(body.message) : null;
          if (unvoiced) {
            problems.push(
              `${keyOf(endpoint)} with ${probe.name}: "${String(body.message)}" ${unvoiced}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
      const few = [...counts].filter(([, count]) => count < 20);
      expect(few).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
