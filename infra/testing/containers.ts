/**
 * The gate in front of the container-backed contract suites (KurrentDB, MongoDB, Kafka). They
 * run whenever a container runtime is reachable; otherwise the suite is skipped with exactly one
 * line saying so (never a silent pass), or fails when the machine promises a runtime
 * (`LINKCOIN_REQUIRE_CONTAINERS=1`, for CI).
 */
import { getContainerRuntimeClient } from 'testcontainers';
import { describe, it } from 'vitest';

export type ContainerRuntime =
  Readonly<{ available: true }> | Readonly<{ available: false; reason: string }>;

/** A socket that exists but never answers must not stall the whole run. */
const PROBE_TIMEOUT_MS = 10_000;

let probe: Promise<ContainerRuntime> | undefined;

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

const detect = async (): Promise<ContainerRuntime> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
    timer.unref();
  });
  try {
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return { available: true };
  } catch (error) {
    return {
      available: false,
      reason: oneLine(error instanceof Error ? error.message : String(error)),
    };
  } finally {
    clearTimeout(timer);
  }
};

/** Whether testcontainers can reach a container runtime; asked once per test file's worker. */
export const containerRuntime = (): Promise<ContainerRuntime> => (probe ??= detect());

export const containersRequired = (): boolean => process.env.LINKCOIN_REQUIRE_CONTAINERS === '1';

/** The line printed for a skipped suite; exported so its wording is tested, not guessed. */
export const skipLine = (suiteName: string, reason: string): string =>
  `[contract] ${suiteName} suite skipped: no container runtime reachable (${reason})`;

/**
 * Registers `body` (a contract suite) when a container runtime is reachable. Call it with
 * top-level await in the test file, so the decision is made while vitest collects the file.
 *
 * The skip line is written with `process.stdout.write` at collection time: vitest forwards a
 * worker's raw stdout as it is, whereas `console.*` output is captured per test and printed
 * under a `stdout | file` header (three lines instead of one).
 */
export const describeWithContainerRuntime = async (
  suiteName: string,
  body: () => void,
): Promise<void> => {
  const runtime = await containerRuntime();
  if (runtime.available) {
    describe(suiteName, body);
    return;
  }
  if (containersRequired()) {
    describe(suiteName, () => {
      it('needs a container runtime (LINKCOIN_REQUIRE_CONTAINERS=1)', () => {
        throw new Error(`No container runtime reachable: ${runtime.reason}`);
      });
    });
    return;
  }
  process.stdout.write(`${skipLine(suiteName, runtime.reason)}\n`);
  // A file without any test fails in vitest; the skipped placeholder also shows in the summary.
  describe.skip(suiteName, () => {
    it('runs against real servers in containers', () => undefined);
  });
};
