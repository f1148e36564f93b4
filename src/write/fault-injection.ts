/**
 * Faults on request, for the tests that prove a failed or killed build leaves the output folder
 * whole (test/cli/data-safety.test.ts): LEGALSITE_FAULT=commit-fail:N makes the Nth file move of a
 * commit fail as a full disk would; LEGALSITE_FAULT=commit-kill:N kills the process there, as a
 * power cut or `kill -9` would. Unset (always, outside those tests), it costs one comparison.
 */
const [kind, at] = (process.env.LEGALSITE_FAULT ?? '').split(':');
const nth = Number(at);
let moves = 0;

/** Called before each file move of a commit. */
export function beforeCommitMove(): void {
  if (!kind) return;
  moves++;
  if (moves !== nth) return;
  if (kind === 'commit-kill') process.kill(process.pid, 'SIGKILL');
  if (kind === 'commit-fail') throw Object.assign(new Error(`ENOSPC: no space left on device, rename (injected by LEGALSITE_FAULT)`), { code: 'ENOSPC' });
}
