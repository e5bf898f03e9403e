import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import path from 'node:path';

/** The project's own binaries: no `npx` (it may try the registry) and no dependence on PATH. */
export const bin = (name: string, root = process.cwd()) => path.join(root, 'node_modules', '.bin', name);

/** Exit status a shell would report: the code, or 128 + the signal's number when the child was killed. */
export function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 1) : 1);
}

/** Resolves with the child's exit status once it has exited (rejects only if it could not be started). */
export function waitForExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(exitStatus(child.exitCode, child.signalCode));
      return;
    }
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(exitStatus(code, signal)));
  });
}

const FORWARDED = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Runs a command with inherited stdio and passes SIGTERM/SIGINT/SIGHUP on to it while it runs, so that stopping this
 * script (a container stop, Ctrl-C) stops the child gracefully instead of orphaning it. Resolves with its exit status.
 */
export async function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const s of FORWARDED) process.on(s, forward);
  try {
    return await waitForExit(child);
  } finally {
    for (const s of FORWARDED) process.off(s, forward);
  }
}

/** A port the OS says is free right now (a tiny race with other processes is acceptable for a test or bench run). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * A script's entry point: runs `main` and exits with the status it resolves to. If it throws, prints
 * `[<name>] failed: <error>`, then runs `onFailure` (what the script must still print, such as a summary line), and
 * exits 1.
 */
export function runMain(name: string, main: () => Promise<number>, onFailure?: () => void): void {
  main().then(
    (status) => process.exit(status),
    (err: unknown) => {
      console.error(`[${name}] failed:`, err);
      onFailure?.();
      process.exit(1);
    },
  );
}
