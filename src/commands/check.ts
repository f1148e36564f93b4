/** `legalsite check`: loads, validates and runs every pass, writing nothing; with --list-links, also
 * lists every glossary auto-link for review; with --against, also fails on URLs and anchors an
 * earlier build published that are gone (verify/against.ts); with --dist, audits a built site instead. */
import { build } from '../build.js';
import { lostSince } from '../passes/published.js';
import { withCommon, type CommonOptions } from './build-options.js';
import type { Io, RegisterCommand } from './io.js';
import { report, runBuild } from './report.js';

type CheckOptions = CommonOptions & { dist?: string | boolean; listLinks?: boolean; against?: string };

export const registerCheckCommand: RegisterCommand = (program, io, done) => {
  withCommon(program.command('check').description('load, validate and run every pass; write nothing; or, with --dist, audit a built site'))
    .option('--dist [dir]', 'audit a built site (links, fragments, metadata, structured data) instead of the content')
    .option('--list-links', 'after the check, print every glossary auto-link with its sentence, for review')
    .option('--against <file-or-url>', "also fail when a URL or anchor an earlier build published (its /api/published.json) is gone without a redirect or tombstone")
    .action(async (opts: CheckOptions) => {
      if (opts.dist) {
        // Loaded only here, like serve's server: every command pays for what the CLI imports at start.
        const { auditDist, formatGates } = await import('../verify/audit-dist.js');
        const results = auditDist(typeof opts.dist === 'string' ? opts.dist : opts.out);
        io.stdout(formatGates(results));
        done(results.some((r) => r.problems.length) ? 1 : 0);
        return;
      }
      if (opts.against) {
        await checkAgainst(opts, opts.against, io, done);
        return;
      }
      if (!opts.listLinks) {
        done(await runBuild(opts, false, io));
        return;
      }
      await listLinks(opts, io, done);
    });
};

/** The check, then what an earlier build published that this content no longer does. */
async function checkAgainst(opts: CheckOptions, source: string, io: Io, done: (code: number) => void): Promise<void> {
  const { formatLost, readEarlierManifest, sourceForMessages } = await import('../verify/against.js');
  const earlier = await readEarlierManifest(source, process.cwd());
  const result = await build({ contentDir: opts.content, outDir: opts.out, baseUrl: opts.baseUrl, write: false, workers: opts.workers, retainFiles: false });
  if (!result.ok || !result.published) return done(report(result, opts, false, io));
  const lost = lostSince(earlier, result.published());
  if (opts.reporter === 'json') io.stdout(JSON.stringify({ errors: lost.length, diagnostics: [], lost }, null, 2));
  else if (opts.reporter === 'github') for (const l of lost) io.stdout(`::error title=published-url-gone::${l} was published before and is gone without a redirect or tombstone`);
  else {
    report(result, opts, false, io);
    if (lost.length) io.stderr(formatLost(lost, sourceForMessages(source)));
    else if (!opts.quiet) io.stdout(formatLost(lost, sourceForMessages(source)));
  }
  done(lost.length ? 1 : 0);
}

/** The check, then every glossary auto-link with its sentence. */
async function listLinks(opts: CheckOptions, io: Io, done: (code: number) => void): Promise<void> {
  const result = await build({ contentDir: opts.content, outDir: opts.out, baseUrl: opts.baseUrl, write: false, workers: opts.workers, retainFiles: false });
  if (!result.ok || !result.site) {
    done(report(result, opts, false, io));
    return;
  }
  const { listAutoLinks, formatAutoLinks } = await import('../verify/auto-links.js');
  const rows = listAutoLinks(result.site, process.cwd());
  // One JSON document: the (empty) diagnostics and the links.
  if (opts.reporter === 'json') return io.stdout(JSON.stringify({ errors: 0, diagnostics: [], autoLinks: rows }, null, 2));
  done(report(result, opts, false, io));
  io.stdout(formatAutoLinks(rows));
}
