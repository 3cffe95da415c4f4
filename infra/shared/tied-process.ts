/**
 * A child process that dies with this one: it runs under a small shell that sends it SIGTERM
 * when the shell's standard input (a pipe from this process) reaches its end, which the kernel
 * does when this process exits, however it exits (even killed with SIGKILL). For the servers a
 * test or a tool starts: a Kafka broker, the services of the topology test.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

// `exec 3<&0` keeps the pipe: a background job's stdin is /dev/null otherwise. The child's pid
// is written first on stderr, so the caller can signal the child itself (kill -9 included).
const WATCHDOG = [
  'exec 3<&0',
  '"$@" <&- &',
  'child=$!',
  'echo "tied-pid $child" >&2',
  "trap 'kill $child 2>/dev/null' TERM INT",
  '(cat <&3 >/dev/null; kill $child 2>/dev/null) &',
  'wait $child',
  'status=$?',
  'wait $child 2>/dev/null',
  'exit $status',
].join('\n');

export type TiedProcess = Readonly<{
  /** The shell: its `exit` event is the child's, its stdout and stderr are the child's. */
  shell: ChildProcess;
  /** The child's own process id. */
  pid: Promise<number>;
  /** Sends the child a signal (once its pid is known). */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** Resolves when the child has exited. */
  exited: Promise<void>;
  /** Lines of its stderr (the pid line left out). */
  onStderrLine: (listener: (line: string) => void) => void;
}>;

export const spawnTied = (
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'stdio'> = {},
): TiedProcess => {
  const shell = spawn('sh', ['-c', WATCHDOG, 'tied', command, ...args], {
    ...options,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const listeners: ((line: string) => void)[] = [];
  let resolvePid: (pid: number) => void = () => undefined;
  let rejectPid: (error: Error) => void = () => undefined;
  const pid = new Promise<number>((resolve, reject) => {
    resolvePid = resolve;
    rejectPid = reject;
  });
  pid.catch(() => undefined);
  let buffered = '';
  shell.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const tied = /^tied-pid (\d+)$/.exec(line);
      if (tied) resolvePid(Number(tied[1]));
      else for (const listener of listeners) listener(line);
    }
  });
  const exited = new Promise<void>((resolve) =>
    shell.once('exit', () => {
      rejectPid(new Error(`${command} exited`));
      // Ends the watchdog's wait on the pipe, so it does not outlive the child.
      shell.stdin?.end();
      resolve();
    }),
  );
  return {
    shell,
    pid,
    exited,
    kill: async (signal) => {
      try {
        process.kill(await pid, signal);
      } catch {
        // Already gone.
      }
    },
    onStderrLine: (listener) => void listeners.push(listener),
  };
};
