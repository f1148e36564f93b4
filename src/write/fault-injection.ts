/**
 * Faults on request, for the tests that prove a failed or killed build leaves the output folder
 * whole (test/cli/data-safety.test.ts): LEGALSITE_FAULT=commit-fail:N makes the Nth file move of a
 * commit fail as a full disk would; LEGALSITE_FAULT=commit-kill:N kills the process there, as a
 * power cut or `kill -9` would; LEGALSITE_FAULT=commit-interrupt:N sends it SIGINT there, as Ctrl-C
 * would; LEGALSITE_FAULT=interrupt-at:STEP[:N] sends it SIGTERM as a build reaches STEP (atStep) for
 * the Nth time (default the first: N counts serve's rebuilds), as a cancelled CI job would;
 * LEGALSITE_FAULT=kill-at:STEP[:N] kills it there (SIGKILL); LEGALSITE_FAULT=unheard-at:STEP[:N] sends
 * SIGTERM and goes on at once, as a signal that comes during a stretch of work with no turn of the
 * event loop is not yet heard. Unset (always, outside those tests),
 * it costs one comparison.
 */
const [kind, at, times] = (process.env.LEGALSITE_FAULT ?? '').split(':');
const nth = Number(at);
let moves = 0;

/** Called before each file move of a commit. */
export function beforeCommitMove(): void {
  if (!kind) return;
  moves++;
  if (moves !== nth) return;
  if (kind === 'commit-kill') process.kill(process.pid, 'SIGKILL');
  if (kind === 'commit-interrupt') process.kill(process.pid, 'SIGINT');
  if (kind === 'commit-fail') throw Object.assign(new Error(`ENOSPC: no space left on device, rename (injected by LEGALSITE_FAULT)`), { code: 'ENOSPC' });
}

let reached = 0;

/** Called as the build reaches a step of its own (src/build.ts). The signal is heard before the
 * build goes on: a signal is acted on at the event loop's next turn, wherever the build is then. */
export async function atStep(step: string): Promise<void> {
  if ((kind !== 'interrupt-at' && kind !== 'kill-at' && kind !== 'unheard-at') || at !== step || ++reached !== Number(times || 1)) return;
  process.kill(process.pid, kind === 'kill-at' ? 'SIGKILL' : 'SIGTERM');
  if (kind !== 'unheard-at') await new Promise((resolve) => setTimeout(resolve, 20));
}
