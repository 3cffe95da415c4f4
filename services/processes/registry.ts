import type { DependencyContainer } from 'tsyringe';
import { resolve, TOKENS } from '../runtime/tokens.ts';
import { instagramExpiry } from './instagram-expiry.ts';
import type { ProcessManager } from './process-manager.ts';
import { verifiedAccounts } from './verified-accounts.ts';

/**
 * Every process manager of the product. They are built from the container because they send
 * commands; each feature adds its own here.
 */
export const processManagers = (container: DependencyContainer): readonly ProcessManager[] => {
  const commands = resolve(container, TOKENS.CommandHandler);
  const logger = resolve(container, TOKENS.Logger).child({ component: 'processes' });
  const config = resolve(container, TOKENS.Config);
  return [
    instagramExpiry({ commands, logger, tickMs: config.processes.tickMs }),
    verifiedAccounts({ commands, logger }),
  ];
};
