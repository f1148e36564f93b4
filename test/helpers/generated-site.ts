/** A generated site of 250 articles and 50 terms (bench/generate-corpus.ts), built once per test
 * process per set of output limits into a temporary folder: with the shipped limits its lists go
 * over numbered pages; with lowered ones every bounded output is split. */
import path from 'node:path';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { build, type BuildResult } from '../../src/build.js';
import type { OutputLimits } from '../../src/constants.js';
import { tempDir } from './sites.js';

export const GENERATED_ARTICLES = 250;

/** Limits low enough to split every bounded output of the generated site. */
export const LOW_LIMITS: Partial<OutputLimits> = {
  glossaryPageTerms: 4,
  recommendationLinksPerPage: 120,
  recommendationTopicPreview: 3,
  graphPartNodes: 60,
  graphPartEdges: 300,
  llmsTxtArticles: 30,
  llmsLinksPerFile: 40,
  llmsFullPartWords: 30_000,
  aiIndexArticles: 30,
  sitemapUrls: 250,
};

/** Limits high enough to keep every output of the generated site in one file: what a split output
 * must add up to. */
export const WHOLE_LIMITS: Partial<OutputLimits> = { llmsFullPartWords: 1e9, graphPartNodes: 1e9 };

let corpus: { cwd: string; slugs: string[] } | undefined;
const builds = new Map<string, Promise<{ dist: string; result: BuildResult }>>();

/** The generated content folder's parent (the build's cwd) and its article slugs. */
export function generatedCorpus(): { cwd: string; slugs: string[] } {
  if (!corpus) {
    const cwd = tempDir();
    const made = generateCorpus({ dir: path.join(cwd, 'content'), articles: GENERATED_ARTICLES, seed: 11 });
    corpus = { cwd, slugs: made.articleSlugs };
  }
  return corpus;
}

/** The generated site built with `limits` (none: the shipped ones). */
export function generatedBuild(limits?: Partial<OutputLimits>): Promise<{ dist: string; result: BuildResult }> {
  const key = JSON.stringify(limits ?? {});
  if (!builds.has(key)) {
    builds.set(key, (async () => {
      const { cwd } = generatedCorpus();
      const dist = path.join(cwd, `dist-${builds.size}`);
      const result = await build({ contentDir: 'content', outDir: dist, cwd, write: true, limits });
      if (!result.ok) throw new Error(`the generated site does not build:\n${result.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')}`);
      return { dist, result };
    })());
  }
  return builds.get(key)!;
}
