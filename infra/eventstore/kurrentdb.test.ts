import { KurrentDbContainer } from '@testcontainers/kurrentdb';
import { describeWithContainerRuntime } from '../testing/containers.ts';
import { describeEventStoreContract } from './contract.ts';
import { KurrentDbEventStore } from './kurrentdb.ts';

/** The server the compose stack runs (insecure single node: the module sets that up). */
const KURRENTDB_IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1';

await describeWithContainerRuntime('kurrentdb event store', () => {
  describeEventStoreContract('kurrentdb', async () => {
    const container = await new KurrentDbContainer(KURRENTDB_IMAGE)
      // The contract appends a 1 MiB payload; the server's default cap is 1 MiB per append.
      .withEnvironment({ KURRENTDB_MAX_APPEND_SIZE: String(8 * 1024 * 1024) })
      .start();
    const store = new KurrentDbEventStore({
      connectionString: container.getConnectionString(),
    });
    return {
      store,
      dispose: async () => {
        await store.close();
        await container.stop();
      },
    };
  });
});
