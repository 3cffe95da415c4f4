import { silentLogger } from '../shared/logger.ts';
import { describeBusContract } from './contract.ts';
import { InProcessBus } from './inprocess.ts';

describeBusContract('inprocess', async () => {
  const bus = new InProcessBus({ logger: silentLogger, retryDelayMs: () => 5 });
  return { bus, dispose: () => bus.close() };
});
