/**
 * Child processes of the benchmark: every one is spawned through a registry so that an interrupted
 * run (Ctrl-C, a failed measurement) never leaves a build or a server behind. Each child leads its
 * own process group (so /usr/bin/time and the node under it stop together); groups are killed by id.
 * Reads: nothing. Writes: nothing.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface ChildRegistry {
  /** Spawns and tracks a child; it is forgotten once it exits. */
  spawn(command: string, args: string[], options: SpawnOptions): ChildProcess;
  /** Ends one child: SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(child: ChildProcess, graceMs?: number): Promise<void>;
  /** Ends every child still running. */
  stopAll(): Promise<void>;
}

/** Creates a registry and hooks SIGINT/SIGTERM so an interrupted benchmark cleans up. */
export function createChildRegistry(): ChildRegistry {
  const running = new Set<ChildProcess>();
  const stop = async (child: ChildProcess, graceMs = 5000): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const registry: ChildRegistry = {
    spawn(command, args, options) {
      const child = spawn(command, args, { ...options, detached: true });
      running.add(child);
      child.once('exit', () => running.delete(child));
      return child;
    },
    stop,
    stopAll: () => Promise.all([...running].map((c) => stop(c))).then(() => undefined),
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void registry.stopAll().finally(() => process.exit(130));
    });
  }
  return registry;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
