/**
 * Everything that depends on one article file alone, computed on whichever thread holds the file
 * (src/engine/shard.ts): the article parsed and checked, its body rendered (article-html), its
 * fields, reading time and text features, and the digest of it that the site-wide passes read.
 * The body HTML and plain text stay with the unit; the main thread keeps only the digest.
 * Reads: one article's text, the site config, the glossary matcher. Writes: ArticleUnit.
 */
import { hashOf } from '../hash.js';
import type { Article, ArticleStats, SiteConfig } from '../model.js';
import type { ArticleDigest } from '../model/article-digest.js';
import { type ArticlePins, movedToSlug } from '../model/pinpoints.js';
import { formerPinsKey, pinsKeyOf } from '../load/pinpoints-file.js';
import { formatArticlePins, parseArticlePins } from '../passes/pinpoints/record-format.js';
import { type ArticleBody, renderArticleBody } from '../passes/article-html.js';
import { type ArticleFields, renderArticleFields } from '../passes/article-fields.js';
import { articleManifestHash } from '../passes/manifest.js';
import { readingStats } from '../passes/reading-time.js';
import type { TermMatcher } from '../passes/term-matcher.js';
import { articlePostings } from '../passes/search/postings.js';
import { textFeatures } from '../passes/text-features.js';

export interface ArticleUnit {
  article: Article;
  body: ArticleBody;
  fields: ArticleFields;
  stats: ArticleStats;
}



export interface GlossaryLinks {
  matcher: TermMatcher;
  termTitle: (slug: string) => string;
}

/** Renders one article. `pins`: its lines in the id file (absent: positional ids, as for a new
 * article); `formerPins`: those of former slugs with records of their own (FoundPins.former). */
export function articleUnit(article: Article, glossary: GlossaryLinks, pins?: string, formerPins?: string[]): ArticleUnit {
  const formerRecords = formerPins?.map((lines) => recordOf(lines, formerSlugOf(lines)));
  const body = renderArticleBody(article, glossary.matcher, glossary.termTitle, { pins: pins === undefined ? undefined : recordOf(pins, article.slug), formerPins: formerRecords });
  const fields = renderArticleFields(article);
  return { article, body, fields, stats: readingStats(body, fields) };
}

/** The slug a record's lines are of: their first line's ({"article": …}). */
function formerSlugOf(lines: string): string {
  const end = lines.indexOf('\n');
  return (JSON.parse(end === -1 ? lines : lines.slice(0, end)) as { article: string }).article;
}

/** An article's record from its lines, which the main thread checked (load/pinpoints-file.ts). */
function recordOf(lines: string, slug: string): ArticlePins {
  const { pins, problems } = parseArticlePins({ slug, text: lines, line: 1 });
  if (!pins) throw new Error(`the pinpoint record of ${slug} cannot be read: ${problems[0]?.message}`);
  return pins;
}

/** What the main thread keeps of an article unit. `config`: the site's (its tags' names are search
 * words). `pinsIn`: the id file's lines the article was rendered with. */
export function digestArticle(unit: ArticleUnit, config: Pick<SiteConfig, 'tagNames'>, pinsIn?: string, formerPins?: string[]): ArticleDigest {
  const { body: _body, ...article } = unit.article;
  const { mentions } = unit.body;
  // The links of the body, then those of the fields that hold Markdown: all are checked alike.
  const links = [...unit.body.links, ...unit.fields.links];
  const { postings: search, bodyWords } = articlePostings(article, unit.body.plainText, unit.fields, config);
  const text = textFeatures(unit.body.plainText, search, bodyWords);
  return {
    article,
    body: { mentions, mentionsKey: hashOf(JSON.stringify(mentions)), links },
    stats: unit.stats,
    text,
    manifestHash: articleManifestHash(unit.article),
    metaKey: hashOf(JSON.stringify(article)),
    searchKey: hashOf(search.words, search.weights),
    pins: { ...pinsDigest(pinsIn, formatArticlePins(unit.body.pins)), ...(formerPins?.length ? { former: formerPinsKey(formerPins) } : {}), ...movedTargets(unit.body.pins) },
  };
}

/** The articles its removal notices link to (paragraphs and headings moved there): the main thread
 * takes a pointer out when its article is gone (build/moved-paragraphs.ts). */
function movedTargets(pins: ArticlePins): { moved?: string[] } {
  const slugs = new Set(pins.entries.flatMap((e) => (e.movedTo ? [movedToSlug(e.movedTo)] : [])));
  return slugs.size ? { moved: [...slugs].sort() } : {};
}

function pinsDigest(pinsIn: string | undefined, out: string): ArticleDigest['pins'] {
  // The same lines as read (nearly every article of nearly every build) are hashed once.
  const keys = { in: pinsKeyOf(pinsIn), out: '' };
  keys.out = out === pinsIn ? keys.in : pinsKeyOf(out);
  return keys.in === keys.out ? keys : { ...keys, lines: out };
}
