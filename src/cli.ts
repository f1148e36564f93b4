/**
 * The command line: `legalsite build | check | serve`. Parses options with commander, runs the build,
 * prints diagnostics through the chosen reporter and returns the exit code:
 * 0 ok, 1 content errors, 2 usage errors, 3 internal failure, 4 a failure of the environment (disk
 * full, permission denied, port in use: diagnostics/environment.ts).
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { build, type BuildResult } from './build.js';
import { ResourceError, UsageError, type Diagnostic } from './diagnostics/diagnostic.js';
import { ENVIRONMENT_EXIT, environmentMessage } from './diagnostics/environment.js';
import { ContentChangedError } from './engine/shard-protocol.js';
import { CacheChangedError } from './write/disk-cache.js';
import { formatGithub } from './diagnostics/reporters/github.js';
import { formatJson } from './diagnostics/reporters/json.js';
import { formatPretty } from './diagnostics/reporters/pretty.js';
import { registerNotifyCommand } from './notify/command.js';
import { packageVersion } from './package-root.js';
import { registerPublishCommand } from './publish/command.js';
import { createBuildCache } from './engine/build-cache.js';
import { parseUrl } from './cli-parsers.js';

type Reporter = 'pretty' | 'json' | 'github';

interface CommonOptions {
  force?: boolean;
  content: string;
  out: string;
  baseUrl?: string;
  reporter: Reporter;
  quiet?: boolean;
  profile?: boolean;
  debug?: boolean;
  cache: boolean;
  workers?: number;
}

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** Writes without a newline (progress lines on a terminal). */
  stderrRaw?: (s: string) => void;
}

const processIo = (): Io => ({
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  stderrRaw: (s) => process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
});

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  let exitCode = 0;
  const program = new Command('legalsite')
    .description('Compile a folder of legal-practice content into a static, citable reference website.')
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s.trimEnd()), writeErr: (s) => io.stderr(s.trimEnd()) })
    .showHelpAfterError('(run with --help for usage)');

  const withCommon = (cmd: Command) =>
    cmd
      .option('--content <dir>', 'content folder', 'content')
      .option('--out <dir>', 'output folder', 'dist')
      .option('--base-url <url>', "override site.yaml's baseUrl", parseUrl)
      .addOption(new Option('--reporter <name>', 'how to print errors').choices(['pretty', 'json', 'github']).default('pretty'))
      .option('--quiet', 'print nothing but errors')
      .option('--profile', 'print time per pass and phase')
      .option('--debug', 'print stack traces for internal failures')
      .option('--no-cache', 'ignore and do not update the build cache (a cold build)')
      .option('--workers <n>', 'render on n worker threads (default: all cores)', parseWorkers)
      .option('--force', 'replace an output folder that legalsite did not make (never the project, content or home folder)')
      .exitOverride();

  withCommon(program.command('build').description('build the site into the output folder (atomically)')).action(async (opts: CommonOptions) => {
    exitCode = await runBuild(opts, true, io);
  });
  withCommon(program.command('check').description('load, validate and run every pass; write nothing; or, with --dist, audit a built site'))
    .option('--dist [dir]', 'audit a built site (links, fragments, metadata, structured data) instead of the content')
    .option('--list-links', 'after the check, print every glossary auto-link with its sentence, for review')
    .action(async (opts: CommonOptions & { dist?: string | boolean; listLinks?: boolean }) => {
      if (opts.dist) {
        // Loaded only here, like serve's server: every command pays for what the CLI imports at start.
        const { auditDist, formatGates } = await import('./verify/audit-dist.js');
        const results = auditDist(typeof opts.dist === 'string' ? opts.dist : opts.out);
        io.stdout(formatGates(results));
        exitCode = results.some((r) => r.problems.length) ? 1 : 0;
        return;
      }
      if (!opts.listLinks) {
        exitCode = await runBuild(opts, false, io);
        return;
      }
      const result = await build({ contentDir: opts.content, outDir: opts.out, baseUrl: opts.baseUrl, write: false, workers: opts.workers, retainFiles: false });
      if (!result.ok || !result.site) {
        exitCode = report(result, opts, false, io);
        return;
      }
      const { listAutoLinks, formatAutoLinks } = await import('./verify/auto-links.js');
      const rows = listAutoLinks(result.site, process.cwd());
      // One JSON document: the (empty) diagnostics and the links.
      if (opts.reporter === 'json') return io.stdout(JSON.stringify({ errors: 0, diagnostics: [], autoLinks: rows }, null, 2));
      exitCode = report(result, opts, false, io);
      io.stdout(formatAutoLinks(rows));
    });
  withCommon(program.command('serve').description('build, then serve the output folder for preview'))
    .option('--port <n>', 'port to listen on', parsePort, 4321)
    .option('--host <host>', 'address to bind (use 0.0.0.0 to expose)', '127.0.0.1')
    .action(async (opts: CommonOptions & { port: number; host: string }) => {
      // One in-memory cache from the first build on, so start-up builds the site once, not twice. It
      // starts from the build cache on disk and the output folder as the last build left it, so a
      // large site's first build makes only what changed since (and saves both for the next build).
      const cache = createBuildCache();
      const first = await build({ contentDir: opts.content, outDir: opts.out, baseUrl: opts.baseUrl, write: true, cache, diskCache: opts.cache, workers: opts.workers, retainFiles: false, force: opts.force });
      exitCode = report(first, opts, true, io);
      if (exitCode !== 0) return;
      const { startDevServer } = await import('./dev/dev-server.js');
      const server = await startDevServer(first, { contentDir: opts.content, outDir: opts.out, cwd: process.cwd(), baseUrl: opts.baseUrl, host: opts.host, port: opts.port, cache, log: (l) => io.stdout(l) });
      await server.ready;
      io.stdout(`Serving ${opts.out}/ at ${server.url} (watching ${opts.content}/ for changes; Ctrl-C to stop)`);
      const stop = () => void server.stop();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await server.closed;
    });

  registerPublishCommand(program, io, (code) => (exitCode = code));
  registerNotifyCommand(program, io, (code) => (exitCode = code));

  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      return 2;
    }
    if (error instanceof ResourceError) {
      io.stderr(`legalsite: ${error.message}`);
      return ENVIRONMENT_EXIT;
    }
    if (error instanceof UsageError) {
      io.stderr(`legalsite: ${error.message}`);
      return 2;
    }
    if (error instanceof ContentChangedError || error instanceof CacheChangedError) {
      // Files changed under the build (an editor saving, another build): nothing was published.
      io.stderr(`legalsite: ${error.message}`);
      return 1;
    }
    const environment = environmentMessage(error);
    if (environment) {
      io.stderr(`legalsite: ${environment}`);
      return ENVIRONMENT_EXIT;
    }
    const debug = argv.includes('--debug');
    io.stderr(`legalsite: internal failure: ${(error as Error).message}\nThis is a bug in legalsite${debug ? '' : ' (run with --debug for the stack trace)'}.`);
    if (debug) io.stderr(String((error as Error).stack));
    return 3;
  }
}

async function runBuild(opts: CommonOptions, write: boolean, io: Io): Promise<number> {
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
function report(result: BuildResult, opts: CommonOptions, write: boolean, io: Io): number {
  for (const w of result.warnings ?? []) io.stderr(`legalsite: warning: ${w}`);
  if (!result.ok) {
    printDiagnostics(result.diagnostics, opts.reporter, io);
    if (!opts.quiet && opts.reporter === 'pretty') io.stderr(write ? `Build failed; ${opts.out}/ was left unchanged.` : 'Check failed.');
    return 1;
  }
  if (opts.reporter === 'json') io.stdout(formatJson([]));
  if (!opts.quiet && opts.reporter !== 'json') io.stdout(summaryLine(result, write, opts.out));
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

function profileTable(result: BuildResult): string {
  const rows = [...result.timings.entries()].sort((a, b) => b[1] - a[1]);
  const width = Math.max(...rows.map(([n]) => n.length));
  return ['Time per pass and phase:', ...rows.map(([name, ms]) => `  ${name.padEnd(width)}  ${ms.toFixed(1).padStart(8)} ms`)].join('\n');
}

function parseWorkers(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('workers is a whole number from 1 to 64.');
  return n;
}

function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  return n;
}

