import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { describeUploadContract, TINY_PNG } from './contract.ts';
import { deliveryPrefixOf, HostedUploadStorage, signParameters } from './hosted.ts';

const API_KEY = '123456789012345';
const API_SECRET = 'test-secret';
/** Where the stand-in service says its files are (its secure_url). */
const DELIVERY = 'https://images.test/files/';

/**
 * A stand-in for the hosted image service, answering its documented shape: a multipart POST with
 * `file` and `upload_preset` gives `{ secure_url, public_id, format }`; files are served back; a
 * signed POST to `destroy` with `public_id`, `timestamp`, `api_key` and `signature` deletes one,
 * answering `{ result: 'ok' }` or `{ result: 'not found' }`.
 */
const startImageService = async (preset: string) => {
  const files = new Map<string, Uint8Array>();
  const server: Server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/files/')) {
      const file = files.get(req.url.slice('/files/'.length).replace(/\.png$/, ''));
      res.statusCode = file ? 200 : 404;
      res.end(file ? Buffer.from(file) : undefined);
      return;
    }
    const request = new Request(`http://local${req.url}`, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: req as unknown as ReadableStream, // a Node stream: fine for undici's Request
      duplex: 'half',
    } as RequestInit);
    const form = await request.formData();
    res.setHeader('Content-Type', 'application/json');
    if (req.url?.endsWith('/destroy')) {
      const publicId = String(form.get('public_id'));
      const timestamp = String(form.get('timestamp'));
      const expected = createHash('sha1')
        .update(`public_id=${publicId}&timestamp=${timestamp}${API_SECRET}`)
        .digest('hex');
      if (form.get('api_key') !== API_KEY || form.get('signature') !== expected) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { message: 'Invalid Signature' } }));
        return;
      }
      res.end(JSON.stringify({ result: files.delete(publicId) ? 'ok' : 'not found' }));
      return;
    }
    const file = form.get('file');
    if (form.get('upload_preset') !== preset || !(file instanceof Blob)) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: 'Upload preset not found' } }));
      return;
    }
    // The public id is the file's name without its extension, the format the URL's extension.
    const publicId = ((file as File).name || `${randomUUID()}.png`).replace(/\.[a-z]+$/, '');
    files.set(publicId, new Uint8Array(await file.arrayBuffer()));
    // The store is reached over http here; the secure_url says https and is rewritten by fetchBack.
    res.end(
      JSON.stringify({
        secure_url: `https://images.test/files/${publicId}.png`,
        public_id: publicId,
        format: 'png',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetchBack = async (url: string) => {
    const response = await fetch(url.replace('https://images.test', base));
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  };
  return {
    base,
    fetchBack,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describeUploadContract('hosted (Cloudinary-style upload API)', async () => {
  const service = await startImageService('linkcoin-unsigned');
  const storage = new HostedUploadStorage({
    url: `${service.base}/v1_1/demo/image/upload`,
    uploadPreset: 'linkcoin-unsigned',
    deliveryUrl: DELIVERY,
    credentials: { apiKey: API_KEY, apiSecret: API_SECRET },
  });
  return {
    storage,
    fetchBack: service.fetchBack,
    dispose: async () => {
      await storage.close();
      await service.stop();
    },
  };
});

describe('the hosted image service adapter', () => {
  it('fails with the status when the service refuses the upload', async () => {
    const service = await startImageService('the-real-preset');
    const storage = new HostedUploadStorage({
      url: `${service.base}/upload`,
      uploadPreset: 'wrong-preset',
      deliveryUrl: DELIVERY,
    });
    await expect(
      storage.save({ bytes: TINY_PNG, extension: 'png', mime: 'image/png' }),
    ).rejects.toThrow('The image service refused the upload (status 400)');
    await service.stop();
  });

  it('fails clearly when the service cannot be reached', async () => {
    const storage = new HostedUploadStorage({
      url: 'http://127.0.0.1:9/upload',
      uploadPreset: 'p',
      deliveryUrl: DELIVERY,
      timeoutMs: 2000,
    });
    await expect(
      storage.save({ bytes: TINY_PNG, extension: 'png', mime: 'image/png' }),
    ).rejects.toThrow(/could not be reached/);
  });

  it('signs its destroy call as the service checks it', async () => {
    expect(signParameters({ timestamp: '1315060510', public_id: 'sample' }, 'abcd')).toBe(
      createHash('sha1').update('public_id=sample&timestamp=1315060510abcd').digest('hex'),
    );
    const service = await startImageService('p');
    const storage = new HostedUploadStorage({
      url: `${service.base}/v1_1/demo/image/upload`,
      uploadPreset: 'p',
      deliveryUrl: DELIVERY,
      credentials: { apiKey: API_KEY, apiSecret: 'a-wrong-secret' },
    });
    const stored = await storage.save({ bytes: TINY_PNG, extension: 'png', mime: 'image/png' });
    await expect(storage.delete(stored.key)).rejects.toThrow(
      'The image service refused to delete the upload (status 401)',
    );
    expect(await service.fetchBack(stored.url)).not.toBeNull();
    await service.stop();
  });

  it('without API credentials, leaves the file in place and says so in the log', async () => {
    const service = await startImageService('p');
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const storage = new HostedUploadStorage({
      url: `${service.base}/v1_1/demo/image/upload`,
      uploadPreset: 'p',
      deliveryUrl: DELIVERY,
      logger,
    });
    const stored = await storage.save({ bytes: TINY_PNG, extension: 'png', mime: 'image/png' });
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    expect(await service.fetchBack(stored.url)).not.toBeNull();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      level: 40,
      key: stored.key,
      msg: 'hosted upload not deleted: the image service was given no API credentials',
    });
    expect((await storage.status()).detail).toContain('orphans are not deleted');
    await service.stop();
  });

  it('knows where its files are delivered, and refuses an answer from elsewhere', async () => {
    expect(deliveryPrefixOf({ url: 'https://api.cloudinary.com/v1_1/linkcoin/image/upload' })).toBe(
      'https://res.cloudinary.com/linkcoin/image/upload/',
    );
    expect(
      deliveryPrefixOf({ url: 'https://upload.example/x', deliveryUrl: 'https://cdn.example/i' }),
    ).toBe('https://cdn.example/i/');
    for (const deliveryUrl of [undefined, 'http://cdn.example/i/', 'https://user@cdn.example/']) {
      expect(() => deliveryPrefixOf({ url: 'https://upload.example/x', deliveryUrl })).toThrow(
        /UPLOADS_HOSTED_DELIVERY_URL/,
      );
    }
    const service = await startImageService('p');
    const storage = new HostedUploadStorage({
      url: `${service.base}/v1_1/demo/image/upload`,
      uploadPreset: 'p',
      deliveryUrl: 'https://cdn.example/linkcoin/',
    });
    expect(storage.urlPrefixes).toEqual(['https://cdn.example/linkcoin/']);
    await expect(
      storage.save({ bytes: TINY_PNG, extension: 'png', mime: 'image/png' }),
    ).rejects.toThrow('The image service answered a URL outside its delivery base');
    await service.stop();
  });
});
