import type { DependencyContainer } from 'tsyringe';
import type { ProcessManager } from './process-manager.ts';

/**
 * Every process manager of the product. They are built from the container because they send
 * commands; each feature adds its own here.
 */
export const processManagers = (_container: DependencyContainer): readonly ProcessManager[] => [];
