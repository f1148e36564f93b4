/**
 * Progress for long uploads: on a terminal, a line such as `Uploading 1200/5031 (24%)` at most every
 * two seconds, starting only once an upload has run for two seconds, so short publishes stay quiet.
 * Reads: the clock. Writes: through the given line printer.
 */

export interface Progress {
  /** Records one finished object. */
  tick(): void;
}

/** A progress counter for `total` objects that prints through `print` (no-op when `enabled` is false). */
export function createProgress(total: number, print: (line: string) => void, enabled: boolean, label = 'Uploading', now = () => Date.now(), intervalMs = 2000): Progress {
  if (!enabled || total === 0) return { tick() {} };
  let done = 0;
  let last = now();
  return {
    tick() {
      done += 1;
      const t = now();
      if (t - last < intervalMs || done === total) return;
      last = t;
      print(`${label} ${done}/${total} (${Math.floor((done / total) * 100)}%)`);
    },
  };
}
