/**
 * A build stopped by a signal (Ctrl-C, SIGTERM from a cancelled CI job or `docker stop`, SIGHUP from
 * a closed terminal) ends as a failed build does: its threads are stopped, what it wrote beside the
 * output folder is removed, its lock is given back, and the output folder is as the last finished
 * build left it. Node's default for these signals ended the process where it stood: during the
 * commit that left the output folder part old, part new (and the staging folder and lock beside it)
 * until another build put it back. The commit itself is held from stops: its moves take a moment and
 * are all or nothing, so a signal that comes during them is acted on once they are done, with the
 * new output whole. A signal that comes again while the build stops (the launcher passes Ctrl-C on
 * to this process, which had it already) changes nothing; SIGKILL still ends it at once, and the
 * next build puts that right (output-recovery.ts).
 * Reads and writes: nothing itself; the cleanups registered do.
 */

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How long a stop waits for the cleanups before the process ends anyway (ms). */
const CLEANUP_WAIT_MS = 5000;

type Cleanup = () => Promise<void> | void;

const cleanups = new Set<Cleanup>();
let holding = 0;
let pending: NodeJS.Signals | undefined;
let stopping = false;

const onSignal = (signal: NodeJS.Signals) => {
  if (stopping) return;
  if (holding > 0) pending ??= signal;
  else void stop(signal);
};

/**
 * From now until the returned function is called, SIGINT, SIGTERM and SIGHUP stop the process
 * cleanly (as above) instead of ending it where it stands. For a command that writes the output
 * folder (`legalsite build`).
 */
export function stopCleanlyOnSignals(): () => void {
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
    // One held through the commit: the build finished, and the process ends as it was asked to.
    if (pending && !stopping) endBy(pending);
  };
}

/** Registers what a stop must do while a build runs; the returned function unregisters it. */
export function onStop(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

/**
 * Runs `work` (a commit's moves) with stops held: a signal that comes meanwhile is acted on once the
 * build has finished what follows its commit (the id file, the build state, the cache), each
 * written whole, or when the command ends, whichever is first.
 */
export async function heldFromStops<T>(work: () => Promise<T>): Promise<T> {
  // A signal is heard only when the event loop polls, and a build can work for seconds without a
  // turn of it (awaits of promises alone): one that came meanwhile must be heard before the moves
  // begin, or a build stopped a second ago would replace the output folder all the same.
  await pollOnce();
  // A stop under way is removing what the build wrote: no commit may start moving it in.
  if (stopping) throw new Error('the build was stopped by a signal');
  holding++;
  try {
    return await work();
  } finally {
    holding--;
    // Acted on at the next turn of the event loop: what the build does right after its commit (the
    // id file, the build state, the cache: all written before it awaits anything) is done first.
    if (holding === 0 && pending) setImmediate(() => !stopping && pending && void stop(pending));
  }
}

/** Resolves after the event loop has polled at least once: an immediate runs after this turn's poll
 * or, queued while immediates run, after the next turn's; the second of two always follows a poll. */
async function pollOnce(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Whether a signal is stopping the process: what fails meanwhile (a call to a stopped thread) is
 * the stop, not an error to report. */
export const isStopping = (): boolean => stopping;

async function stop(signal: NodeJS.Signals): Promise<void> {
  await cleanUpThen(() => endBy(signal));
}

/** Ends the process with exit code `code` once the cleanups a stop runs are done: after a failure
 * no caller could catch (cli.ts endUncaught), the build's lock and staging folder go as they would. */
export async function endWithCleanups(code: number): Promise<void> {
  await cleanUpThen(() => process.exit(code));
}

async function cleanUpThen(end: () => void): Promise<void> {
  stopping = true;
  setTimeout(end, CLEANUP_WAIT_MS);
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch {
      // The rest still runs; what is left beside the output folder the next build removes.
    }
  }
  end();
}

/** Ends the process by `signal` itself, as Node's default would have: a shell or a CI runner sees
 * 130 or 143, and the launcher (bin/legalsite.js) ends by it too. */
function endBy(signal: NodeJS.Signals): void {
  stopping = true;
  for (const s of SIGNALS) process.removeAllListeners(s);
  process.kill(process.pid, signal);
}
