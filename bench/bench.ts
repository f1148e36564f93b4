/**
 * `npm run bench`: for each corpus size (default 1,000 and 10,000 articles) generates a seeded
 * corpus in a temp folder, then times the real CLI as a child process: a cold build, a warm rebuild
 * with no change, a rebuild after one changed article, and serve's write → reload latency; and the
 * sizes of the files the cold build wrote. Prints a metrics table, a per-pass table, the output
 * sizes and the linearity line, and saves bench/results/latest.json.
 * Reads: the repository's lib/ (compiled first). Writes: temp folders, bench/results/, lib/ (tsc).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { generateCorpus } from './generate-corpus.js';
import { cacheBytes, cacheFileFor } from './run/cache-file.js';
import { createChildRegistry, type ChildRegistry } from './run/children.js';
import { editArticle } from './run/edit-article.js';
import { type BuildRun, measureBuild } from './run/measure-build.js';
import { measureSearch } from './run/measure-search.js';
import { measureServe } from './run/measure-serve.js';
import { measureOutputSizes } from './run/output-sizes.js';
import { type BenchOptions, parseBenchArgs, USAGE } from './run/options.js';
import { cliHasFlag, compileLib } from './run/prepare-cli.js';
import { formatReport, linearity } from './run/report.js';
import { type BenchResults, describeMachine, type SizeResult, writeResults } from './run/results.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const log = (line: string) => process.stderr.write(`${line}\n`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const opts = parseBenchArgs(process.argv.slice(2), ROOT);
  if (!opts) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (opts.compile) {
    log('Compiling src/ to lib/ (tsc -p .) …');
    const tsc = compileLib(ROOT);
    if (!tsc.ok) {
      log(`${tsc.output}\ntsc failed, so lib/ may not match src/. Fix the errors, or pass --no-compile to measure lib/ as it is.`);
      return 1;
    }
  }
  const children = createChildRegistry();
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: describeMachine(),
    seed: opts.seed,
    noCacheFlag: cliHasFlag(ROOT, 'build', '--no-cache'),
    sizes: [],
    linearity: [],
  };
  try {
    for (const n of opts.articles) {
      results.sizes.push(await benchSize(children, opts, n, results.noCacheFlag));
      results.linearity = linearity(results.sizes);
      // Saved after every size, so a long run that is interrupted still leaves its figures.
      writeResults(opts.json, results);
    }
  } finally {
    await children.stopAll();
    for (const cleanUp of cleanUps) cleanUp();
  }
  process.stdout.write(`\n${formatReport(results)}\n\nResults written to ${path.relative(process.cwd(), opts.json) || opts.json}\n`);
  return results.sizes.every((s) => s.cold?.ok) ? 0 : 1;
}

async function benchSize(children: ChildRegistry, opts: BenchOptions, n: number, noCacheFlag: boolean): Promise<SizeResult> {
  mkdirSync(opts.tmp, { recursive: true });
  const work = mkdtempSync(path.join(opts.tmp, `legalsite-bench-${n}-`));
  const content = path.join(work, 'content');
  const out = path.join(work, 'dist');
  const corpus = generateCorpus({ dir: content, articles: n, seed: opts.seed });
  const size: SizeResult = {
    articles: n,
    corpus: { terms: corpus.terms, pages: corpus.pages, files: corpus.files, bytes: corpus.bytes, generateMs: corpus.ms, dir: opts.keep ? work : undefined },
    documents: corpus.articles + corpus.terms + corpus.pages,
    notes: [],
  };
  const tag = `[${n}]`;
  log(`${tag} corpus: ${corpus.articles} articles, ${corpus.terms} terms, ${(corpus.bytes / 1e6).toFixed(1)} MB in ${secs(corpus.ms)} → ${work}`);
  const cacheFile = await cacheFileFor(ROOT, content);
  if (opts.keep && cacheFile) size.notes.push(`kept ${work}; its build cache is ${cacheFile}`);
  const articleFile = (i: number) => path.join(content, 'articles', `${corpus.articleSlugs[i % n]}.md`);
  const build = async (label: string, extraArgs: string[] = []): Promise<BuildRun> => {
    const run = await measureBuild(children, { root: ROOT, content, out, extraArgs, scratch: work });
    log(`${tag} ${label}: ${run.ok ? `${secs(run.wallMs)}, peak RSS ${Math.round((run.peakRssKb ?? 0) / 1024)} MB` : `FAILED (exit ${run.exitCode})\n${run.error}`}`);
    if (!run.ok) size.notes.push(`${label} failed (exit ${run.exitCode}): ${run.error?.split('\n').slice(-3).join(' | ')}`);
    return run;
  };
  try {
    size.cold = await build('cold build', noCacheFlag ? ['--no-cache'] : []);
    if (!size.cold.ok) return size;
    size.outputs = measureOutputSizes(out);
    if (noCacheFlag) size.prime = await build('cache-filling build (not reported)');
    size.warm = await build('warm rebuild, no change');
    editArticle(articleFile(Math.floor(n / 2)), 'build edit');
    size.changed = await build('rebuild after one changed article');
    if (cacheFile) size.cacheBytes = cacheBytes(cacheFile);
    size.search = await measureSearch(out);
    log(`${tag} search: ${size.search.note ?? size.search.queries.map((q) => `"${q.query}" ${(q.bytes / 1024).toFixed(1)} KB`).join(', ')}`);
    if (size.search.note) size.notes.push(`search: ${size.search.note}`);
    if (!opts.serve) {
      size.notes.push('serve skipped (--no-serve)');
      return size;
    }
    log(`${tag} serve: starting …`);
    size.serve = await measureServe(children, {
      root: ROOT,
      content,
      out,
      files: Array.from({ length: opts.serveEdits }, (_, k) => articleFile(Math.floor(n / 3) + k)),
      readyTimeoutMs: Math.max(120_000, 4 * size.cold.wallMs),
      reloadTimeoutMs: Math.max(60_000, 2 * size.cold.wallMs),
      settleMs: 1000,
    });
    log(`${tag} serve: ${size.serve.status}${size.serve.note ? ` (${size.serve.note})` : ''}${size.serve.reloadMs.length ? `, reload ${size.serve.reloadMs.map((v) => `${Math.round(v)} ms`).join(', ')}` : ''}${size.serve.rebuiltMs?.length ? `, full rebuild ${size.serve.rebuiltMs.map((v) => `${Math.round(v)} ms`).join(', ')}` : ''}`);
    if (size.serve.note) size.notes.push(`serve: ${size.serve.status === 'not-available' ? 'not available' : size.serve.status}: ${size.serve.note}`);
    return size;
  } finally {
    if (!opts.keep) {
      // Removed when the whole run is over: on some file systems (ext4 without a journal, as on the
      // benchmark machine) files made within minutes of deleting many others are several times
      // slower to create, which would charge one size's clean-up to the next size's cold build.
      cleanUps.push(() => {
        rmSync(work, { recursive: true, force: true });
        // The CLI keeps its cache outside the corpus (node_modules/.cache); a temp corpus's cache goes too.
        if (cacheFile) rmSync(cacheFile, { recursive: true, force: true });
      });
    }
  }
}

const cleanUps: (() => void)[] = [];

process.exitCode = await main();
