import { describeBusContract } from './contract.ts';
import { InProcessBus } from './inprocess.ts';

describeBusContract('inprocess', async (logger) => {
  const bus = new InProcessBus({ logger, retryDelayMs: () => 5 });
  return { bus, dispose: () => bus.close() };
});
