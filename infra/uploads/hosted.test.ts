import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeUploadContract, TINY_PNG } from './contract.ts';
import { HostedUploadStorage } from './hosted.ts';

/**
 * A stand-in for the hosted image service, answering its documented shape: a multipart POST with
 * `file` and `upload_preset` gives `{ secure_url, public_id, format, bytes }`; files are served back.
 */
const startImageService = async (preset: string) => {
  const files = new Map<string, Uint8Array>();
  const server: Server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/files/')) {
      const file = files.get(req.url.slice('/files/'.length));
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
    const file = form.get('file');
    if (form.get('upload_preset') !== preset || !(file instanceof Blob)) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: 'Upload preset not found' } }));
      return;
    }
    const name = (file as File).name || `${randomUUID()}.png`;
    files.set(name, new Uint8Array(await file.arrayBuffer()));
    res.setHeader('Content-Type', 'application/json');
    // The store is reached over http here; the secure_url says https and is rewritten by fetchBack.
    res.end(
      JSON.stringify({
        secure_url: `https://images.test/files/${name}`,
        public_id: name,
        format: 'png',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describeUploadContract('hosted (Cloudinary-style upload API)', async () => {
  const service = await startImageService('linkcoin-unsigned');
  const storage = new HostedUploadStorage({
    url: `${service.base}/v1_1/demo/image/upload`,
    uploadPreset: 'linkcoin-unsigned',
  });
  return {
    storage,
    fetchBack: async (url) => {
      const response = await fetch(url.replace('https://images.test', service.base));
      return new Uint8Array(await response.arrayBuffer());
    },
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
      timeoutMs: 2000,
    });
    await expect(
      storage.save({ bytes: TINY_PNG, extension: 'png', mime: 'image/png' }),
    ).rejects.toThrow(/could not be reached/);
  });
});
