/** `legalsite check`: loads, validates and runs every pass, writing nothing; with --list-links, also
 * lists every glossary auto-link for review; with --against, also fails on URLs and anchors an
 * earlier build published that are gone (verify/against.ts); with --dist, audits a built site instead. */
import { build } from '../build.js';
import { formatGithub } from '../diagnostics/reporters/github.js';
import { lostSince, movedSince } from '../passes/published.js';
import { withCommon, type CommonOptions } from './build-options.js';
import { parseFolder } from './parsers.js';
import type { Io, RegisterCommand } from './io.js';
import { report, runBuild } from './report.js';

type CheckOptions = CommonOptions & { dist?: string | boolean; listLinks?: boolean; against?: string };

export const registerCheckCommand: RegisterCommand = (program, io, done) => {
  withCommon(program.command('check').description('load, validate and run every pass; write nothing; or, with --dist, audit a built site'))
    .option('--dist [dir]', 'audit a built site (links, fragments, metadata, structured data) instead of the content', parseFolder('built site folder', '--dist dist'))
    .option('--list-links', 'after the check, print every glossary auto-link with its sentence, for review')
    .option('--against <file-or-url>', "also fail when a URL or anchor an earlier build published (its /api/published.json) is gone without a redirect or tombstone", parseFolder('earlier manifest', '--against https://example.com/api/published.json'))
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
  const { formatLost, formatMoved, readEarlierManifest, sourceForMessages } = await import('../verify/against.js');
  const earlier = await readEarlierManifest(source, process.cwd());
  const result = await build({ contentDir: opts.content, outDir: opts.out, baseUrl: opts.baseUrl, write: false, workers: opts.workers, retainFiles: false });
  if (!result.ok || !result.published) return done(report(result, opts, false, io));
  const now = result.published();
  const lost = lostSince(earlier, now);
  // A pinpoint whose number now holds other words lands on them: as bad as one gone.
  const moved = movedSince(earlier, now);
  const shown = sourceForMessages(source);
  if (opts.reporter === 'json') io.stdout(JSON.stringify({ errors: lost.length + moved.length, diagnostics: result.diagnostics, lost, moved }, null, 2));
  else if (opts.reporter === 'github') {
    if (result.diagnostics.length) io.stdout(formatGithub(result.diagnostics));
    for (const l of lost) io.stdout(`::error title=published-url-gone::${l} was published before and is gone without a redirect or tombstone`);
    for (const m of moved) io.stdout(`::error title=pinpoint-moved::${m}: a citation of it lands on other words`);
  } else {
    report(result, opts, false, io);
    if (lost.length) io.stderr(formatLost(lost, shown));
    if (moved.length) io.stderr(formatMoved(moved, shown));
    if (!lost.length && !moved.length && !opts.quiet) io.stdout(formatLost(lost, shown));
  }
  done(lost.length || moved.length ? 1 : 0);
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
  if (opts.reporter === 'json') return io.stdout(JSON.stringify({ errors: 0, diagnostics: result.diagnostics, autoLinks: rows }, null, 2));
  done(report(result, opts, false, io));
  io.stdout(formatAutoLinks(rows));
}
