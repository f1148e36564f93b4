/**
 * Whether a process that left a lock or a folder is still running, for the lock (output-lock.ts) and
 * the recovery of killed builds (output-recovery.ts). A process killed while its parent is not
 * waiting for it stays in the process table as a zombie until it is reaped, which may be never where
 * nothing reaps orphans (a container without an init); it answers signals like a live one, but it
 * writes nothing, so it counts as gone. Linux's /proc tells its state and its start time; elsewhere
 * a process that answers signal 0 counts as running.
 * Reads: /proc/PID/stat. Writes: nothing.
 */
import { readFileSync } from 'node:fs';

/** The process is running: it exists (signal 0 reaches it, or may not be sent to it) and is no
 * zombie. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = statFields(pid)?.[0];
  return state !== 'Z' && state !== 'X';
}

/** The process's start time in clock ticks since boot (field 22 of /proc/PID/stat), when known. */
export function startTimeOf(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** The fields of /proc/PID/stat after the command name (which may hold spaces and parentheses),
 * from field 3, the state, on. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Linux's clock ticks per second in /proc/PID/stat (USER_HZ, 100 on every architecture it runs on). */
const TICKS_PER_SECOND = 100;

/** When the process started (ms since the epoch), where Linux's /proc tells it. */
export function startedAtMs(pid: number): number | undefined {
  const ticks = Number(startTimeOf(pid));
  const boot = bootTimeSeconds();
  return Number.isFinite(ticks) && boot !== undefined ? (boot + ticks / TICKS_PER_SECOND) * 1000 : undefined;
}

let bootTime: number | undefined | null = null;

/** The system's boot time in seconds since the epoch (the "btime" line of /proc/stat). */
function bootTimeSeconds(): number | undefined {
  if (bootTime === null) {
    try {
      const found = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
      bootTime = found ? Number(found[1]) : undefined;
    } catch {
      bootTime = undefined;
    }
  }
  return bootTime;
}
