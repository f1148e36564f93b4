/**
 * Writes a synthetic content folder in legalsite's documented format (docs/content.md):
 * site.yaml, N articles of about 1,500 words, N/5 glossary terms and an about page. Deterministic:
 * the same seed and N give a byte-identical folder (mulberry32, no clocks, no environment).
 * Reads: nothing. Writes: the target folder only.
 *
 *   node --import tsx bench/generate-corpus.ts --out /tmp/corpus [--articles 1000] [--seed 1] [--force]
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { articleMarkdown, planArticles } from './corpus/articles.js';
import { createRng } from './corpus/random.js';
import { aboutPage, siteYaml } from './corpus/site.js';
import { planTerms, termYaml } from './corpus/terms.js';

export interface CorpusOptions {
  /** The content folder to create. */
  dir: string;
  articles: number;
  seed: number;
  /** Replace `dir` if it exists and is not empty (otherwise that is an error). */
  force?: boolean;
}

export interface CorpusSummary {
  dir: string;
  articles: number;
  terms: number;
  pages: number;
  /** Content files, site.yaml included. */
  files: number;
  bytes: number;
  /** Article slugs in generation order (the benchmark edits one of them). */
  articleSlugs: string[];
  ms: number;
}

/** Generates the corpus into `opts.dir`. */
export function generateCorpus(opts: CorpusOptions): CorpusSummary {
  const started = performance.now();
  if (!Number.isInteger(opts.articles) || opts.articles < 1) throw new Error(`articles must be a whole number ≥ 1, not ${opts.articles}`);
  if (existsSync(opts.dir) && readdirSync(opts.dir).length) {
    if (!opts.force) throw new Error(`${opts.dir} exists and is not empty (pass --force to replace it)`);
    rmSync(opts.dir, { recursive: true, force: true });
  }
  for (const sub of ['articles', 'glossary', 'pages']) mkdirSync(path.join(opts.dir, sub), { recursive: true });

  // One stream, consumed in a fixed order: term plans, article plans, terms, articles.
  const rng = createRng(opts.seed);
  const terms = planTerms(rng, Math.max(1, Math.floor(opts.articles / 5)));
  const articles = planArticles(rng, opts.articles);
  let bytes = 0;
  const write = (rel: string, text: string) => {
    writeFileSync(path.join(opts.dir, rel), text);
    bytes += Buffer.byteLength(text);
  };
  write('site.yaml', siteYaml(articles, terms, opts.seed));
  write('pages/about.md', aboutPage());
  terms.forEach((term, i) => write(`glossary/${term.slug}.yaml`, termYaml(rng, terms, i)));
  articles.forEach((article, i) => write(`articles/${article.slug}.md`, articleMarkdown(rng, articles, terms, i)));
  return {
    dir: opts.dir,
    articles: articles.length,
    terms: terms.length,
    pages: 1,
    files: articles.length + terms.length + 2,
    bytes,
    articleSlugs: articles.map((a) => a.slug),
    ms: performance.now() - started,
  };
}

const USAGE = 'usage: node --import tsx bench/generate-corpus.ts --out DIR [--articles N] [--seed S] [--force]\n';

function cli(): void {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: 'string' },
        articles: { type: 'string', default: '1000' },
        seed: { type: 'string', default: '1' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    // An unknown or malformed option: its message and the usage, not a stack trace.
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) return void process.stdout.write(USAGE);
  if (!values.out) {
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  const summary = generateCorpus({ dir: values.out, articles: Number(values.articles), seed: Number(values.seed), force: values.force });
  process.stdout.write(
    `Wrote ${summary.articles} articles, ${summary.terms} terms (${(summary.bytes / 1e6).toFixed(1)} MB) to ${summary.dir} in ${summary.ms.toFixed(0)} ms\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) cli();
