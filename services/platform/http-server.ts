import type { Server } from 'node:http';

export const listen = (server: Server, host: string, port: number): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * Graceful close: stop accepting connections at once, let requests in flight finish, drop idle
 * keep-alive connections, and cut whatever is still open after `timeoutMs`.
 */
export const closeServer = (server: Server, timeoutMs: number): Promise<void> =>
  new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    const cutOff = setTimeout(() => server.closeAllConnections(), timeoutMs);
    cutOff.unref();
    // Keep-alive connections become idle as their last response ends: close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    sweep.unref();
    server.close(() => {
      clearTimeout(cutOff);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
