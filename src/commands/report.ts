/** What `build`, `check` and `serve` print of a build: its diagnostics through the chosen reporter,
 * or a summary line (and with --profile, the time per pass); a progress line on a terminal. */
import { readFileSync } from 'node:fs';
import { build, type BuildResult } from '../build.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { formatGithub } from '../diagnostics/reporters/github.js';
import { formatJson } from '../diagnostics/reporters/json.js';
import { formatPretty } from '../diagnostics/reporters/pretty.js';
import type { CommonOptions, Reporter } from './build-options.js';
import type { Io } from './io.js';

/** Builds (or with `write` false, checks) as the options say; returns the exit code. */
export async function runBuild(opts: CommonOptions, write: boolean, io: Io): Promise<number> {
  const progress = io.isTTY && !opts.quiet && opts.reporter === 'pretty' ? phaseProgress(io) : undefined;
  const result = await build({ contentDir: opts.content, outDir: opts.out, baseUrl: opts.baseUrl, write, diskCache: opts.cache && write, workers: opts.workers, onPhase: progress?.phase, retainFiles: false, force: opts.force });
  progress?.done();
  return report(result, opts, write, io);
}

/** On a terminal: one self-replacing status line naming the phase running and the time so far. */
function phaseProgress(io: Io) {
  const started = Date.now();
  let shown = false;
  return {
    phase(name: string) {
      shown = true;
      io.stderrRaw?.(`\u001b[2K\r  ${((Date.now() - started) / 1000).toFixed(1)}s  ${name}…`);
    },
    done() {
      if (shown) io.stderrRaw?.('\u001b[2K\r');
    },
  };
}

/** Prints a build's diagnostics or summary; returns the exit code. */
export function report(result: BuildResult, opts: CommonOptions, write: boolean, io: Io): number {
  for (const w of result.warnings ?? []) io.stderr(`legalsite: warning: ${w}`);
  if (!result.ok) {
    printDiagnostics(result.diagnostics, opts.reporter, io);
    if (!opts.quiet && opts.reporter === 'pretty') io.stderr(write ? `Build failed; ${opts.out}/ was left unchanged.` : 'Check failed.');
    return 1;
  }
  // The content's warnings: the build went on, the editor decides.
  if (opts.reporter === 'json') io.stdout(formatJson(result.diagnostics));
  else if (result.diagnostics.length) printDiagnostics(result.diagnostics, opts.reporter, io);
  if (!opts.quiet && opts.reporter !== 'json') io.stdout(summaryLine(result, write, opts.out));
  if (!opts.quiet && opts.reporter !== 'json' && result.pinpoints) io.stdout(pinpointsLine(result.pinpoints));
  if (opts.profile) io.stdout(profileTable(result));
  return 0;
}

function printDiagnostics(list: Diagnostic[], reporter: Reporter, io: Io): void {
  if (reporter === 'json') return io.stdout(formatJson(list));
  if (reporter === 'github') return io.stdout(formatGithub(list));
  const color = io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== '');
  io.stderr(formatPretty(list, { color, frames: io.isTTY, readSource: (f) => safeRead(f) }));
}

function safeRead(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export function summaryLine(result: BuildResult, wrote: boolean, out: string): string {
  const seconds = (result.ms / 1000).toFixed(2);
  if (result.upToDate) return `${out}/ is up to date: nothing changed since it was built (${result.pages} pages, ${result.fileCount} files; checked in ${seconds}s)`;
  const what = `${result.pages} pages, ${result.fileCount} files`;
  const js = result.heaviestJs ? `; heaviest page JS ${(result.heaviestJs.gzipBytes / 1024).toFixed(1)} KB gzip (${result.heaviestJs.url})` : '';
  return wrote ? `Built ${what} in ${seconds}s → ${out}/${js}` : `Checked ${what} in ${seconds}s; no errors (nothing written)`;
}

/** What became of the id file: written (commit it), or to be written by a build (serve). */
function pinpointsLine({ file, changed, written, created }: NonNullable<BuildResult['pinpoints']>): string {
  const some = changed.length === 1 ? 'the article' : `${changed.length} articles`;
  const which = changed.length ? `${some} ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}` : 'its layout';
  if (created && written) return `Created ${file}, the ids of ${changed.length === 1 ? 'the article' : `all ${changed.length} articles`}: commit it with your content.`;
  return written ? `Updated ${file}, the ids of ${which}: commit it with your content.` : `${file} does not yet record the ids of ${which}: run legalsite build before you commit.`;
}

const NOT_IN_A_PHASE = '(not in a phase)';

/** The time of each pass and phase, and what the build's time holds besides them (work between the
 * phases and the garbage collections that fall there): left out, it made the phases of a
 * 50,000-article rebuild look like 25 s of a 31 s build with nothing to say where the rest went. */
function profileTable(result: BuildResult): string {
  const rows = [...result.timings.entries()].sort((a, b) => b[1] - a[1]);
  const outside = result.ms - rows.reduce((sum, [, ms]) => sum + ms, 0);
  if (outside > 0) rows.push([NOT_IN_A_PHASE, outside]);
  const width = Math.max(...rows.map(([n]) => n.length));
  return ['Time per pass and phase:', ...rows.map(([name, ms]) => `  ${name.padEnd(width)}  ${ms.toFixed(1).padStart(8)} ms`)].join('\n');
}
