import { defineConfig } from 'vitest/config';

// One runner, four layers. `make test` runs unit, contract and http together, then browser
// after the front ends are built. The contract and services projects share one real Kafka
// broker for the run (infra/testing/kafka-global-setup.ts; Java and Maven, no containers).
const kafkaBroker = ['infra/testing/kafka-global-setup.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tooling/*.test.ts',
            'tooling/bench/**/*.test.ts',
            'domain/**/*.test.ts',
            'frontend-shared/**/*.test.{ts,tsx}',
            'frontend-user/src/**/*.test.{ts,tsx}',
            'frontend-admin/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'contract',
          include: ['infra/**/*.test.ts'],
          globalSetup: kafkaBroker,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'services',
          // The operator's commands (tooling/cli) run the real runtime, as the HTTP tests do.
          include: ['services/**/*.test.ts', 'tooling/cli/**/*.test.ts'],
          globalSetup: kafkaBroker,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['frontend-*/e2e/**/*.e2e.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
