import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gateway } from '../platform/gateway/gateway.ts';
import type { BoundedContext } from '../platform/context.ts';
import { CONTEXTS } from '../runtime/composition.ts';
import { closeServer, listen } from '../platform/http-server.ts';
import type { TestServer } from './test-server.ts';

export type GatewayNode = Readonly<{
  /** ws://127.0.0.1:<port>/ws */
  url: string;
  gateway: Gateway;
  stop: () => Promise<void>;
}>;

/**
 * A second gateway node beside a test server, as a gateway-only process of the distributed
 * runtime would be: its own HTTP server, its own Gateway and its own build of the contexts,
 * on the same ports (the server's bus, event store and read store). Stop it before the server.
 */
export const startGatewayNode = async (
  server: TestServer,
  options: { nodeId?: string; contexts?: readonly BoundedContext[] } = {},
): Promise<GatewayNode> => {
  const { runtime } = server;
  const platform = { ...runtime.platform, publicUrl: () => server.url, readModels: [] };
  const parts = (options.contexts ?? CONTEXTS).map((context) => context.create(platform));
  const authenticate = parts.find((part) => part.authenticator)?.authenticator;
  if (!authenticate) throw new Error('no context provides an authenticator');
  const gateway = new Gateway({
    logger: runtime.logger.child({ component: 'gateway', node: 'second' }),
    authenticate,
    allowedOrigins: [],
    maxConnections: 1000,
    maxConnectionsPerUser: 10,
    ...(options.nodeId ? { nodeId: options.nodeId } : {}),
    realtime: parts.flatMap((part) => (part.realtime ? [part.realtime] : [])),
  });
  const http = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  await gateway.start();
  gateway.attach(http);
  await listen(http, '127.0.0.1', 0);
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    gateway,
    stop: async () => {
      await gateway.close();
      await closeServer(http, 1000);
    },
  };
};
