/**
 * Articles for the corpus: a plan (slug, title) for every article first, so bodies can link to any
 * of them, then each article's file: front matter with every commonly used field, and a body of
 * about 1,400 words with ## sections, paragraphs mentioning glossary titles, a bullet list, a GFM
 * table, one :::note callout and internal links to generated articles and terms only.
 * Reads: nothing. Writes: nothing (returns file text).
 */
import { capitalize, paragraph, sentence } from './prose.js';
import type { Rng } from './random.js';
import type { TermPlan } from './terms.js';
import { DAYS_2024_2025, flowList, isoDay, q } from './yaml.js';
import {
  ARTICLE_FRAMES, HEADINGS, HEADS, JURISDICTIONS, KNOWN_TAGS, OPENERS, QUALIFIERS, SUBJECTS, TABLE_CELLS, TABLE_COLUMNS,
} from './vocabulary.js';

/** An article as the rest of the corpus refers to it. */
export interface ArticlePlan {
  slug: string;
  title: string;
}

const TAGS = Object.keys(KNOWN_TAGS);
const FRCP_RULES = [1, 4, 5, 12, 16, 26, 30, 33, 34, 35, 36, 37, 45, 56];
const FRE_RULES = [104, 401, 402, 403, 501, 502, 702, 703, 801, 803, 901, 902, 1001, 1002];
const SECTIONS = 6;
const SENTENCES_PER_PARAGRAPH = 5;

/** Titles and slugs of `count` articles; the index suffix keeps slugs unique. */
export function planArticles(rng: Rng, count: number): ArticlePlan[] {
  const plans: ArticlePlan[] = [];
  for (let i = 0; i < count; i++) {
    const words = [rng.pick(QUALIFIERS), rng.pick(SUBJECTS), rng.pick(HEADS)];
    plans.push({ slug: `${words.join('-')}-${i + 1}`, title: `${capitalize(plural(words.join(' ')))}: ${rng.pick(ARTICLE_FRAMES)}` });
  }
  return plans;
}

/** The Markdown file of article `index`. */
export function articleMarkdown(rng: Rng, articles: readonly ArticlePlan[], terms: readonly TermPlan[], index: number): string {
  const article = articles[index];
  const anyTerm = () => terms[rng.int(0, terms.length - 1)];
  const otherArticle = () => articles[articles.length > 1 ? (index + rng.int(1, articles.length - 1)) % articles.length : index];
  const published = rng.int(0, DAYS_2024_2025 - 1);
  const modified = Math.min(DAYS_2024_2025 - 1, published + rng.int(0, 120));
  const frcp = rng.pick(FRCP_RULES);
  const fre = rng.pick(FRE_RULES);
  const mentions = () => (terms.length && rng.chance(0.7) ? [anyTerm().mention] : []);
  const points = (min: number, max: number) => Array.from({ length: rng.int(min, max) }, () => `  - ${q(sentence(rng))}`);

  const front = [
    '---',
    `title: ${q(article.title)}`,
    `summary: ${q(`${sentence(rng)} ${sentence(rng)}`)}`,
    `datePublished: ${q(isoDay(published))}`,
    `dateModified: ${q(isoDay(modified))}`,
    `tags: ${flowList(rng.sample(TAGS, rng.int(2, 4)))}`,
    `jurisdiction: ${rng.pick(JURISDICTIONS)}`,
    `schemaType: ${rng.chance(0.7) ? 'Article' : rng.pick(['TechArticle', 'HowTo'])}`,
    'answer:', ...points(3, 5),
    'keyTakeaways:', ...points(3, 5),
    'faq:',
    ...[1, 2, 3].map((n) => `  - { id: faq-${n}, q: ${q(`What should ${rng.pick(OPENERS)} record about the ${terms.length ? anyTerm().mention : 'file'}?`)}, a: ${q(`**In short:** ${sentence(rng)} ${sentence(rng)}`)} }`),
    'references:',
    `  - { id: ref-frcp-${frcp}, title: ${q(`Federal Rules of Civil Procedure, Rule ${frcp}`)}, url: "https://www.law.cornell.edu/rules/frcp/rule_${frcp}", pinpoint: "r ${frcp}(b)(1)" }`,
    `  - { id: ref-fre-${fre}, title: ${q(`Federal Rules of Evidence, Rule ${fre}`)}, url: "https://www.law.cornell.edu/rules/fre/rule_${fre}", pinpoint: "r ${fre}(a)" }`,
    `seeAlso: ${flowList([...(terms.length ? [`glossary/${anyTerm().slug}`] : []), `articles/${otherArticle().slug}`])}`,
    '---',
  ];

  const body: string[] = [paragraph(rng, SENTENCES_PER_PARAGRAPH, mentions()), paragraph(rng, SENTENCES_PER_PARAGRAPH, mentions())];
  const headings = rng.sample(HEADINGS, SECTIONS);
  for (let s = 0; s < SECTIONS; s++) {
    body.push(`## ${headings[s]}`, paragraph(rng, SENTENCES_PER_PARAGRAPH, mentions()));
    if (s === 1) body.push(Array.from({ length: 5 }, () => `- ${sentence(rng)}`).join('\n'));
    if (s === 3) body.push(table(rng));
    if (s === 5) body.push(`:::note\n${paragraph(rng, 2, mentions())}\n:::`);
    body.push(paragraph(rng, SENTENCES_PER_PARAGRAPH, mentions()));
  }
  const related = otherArticle();
  const term = terms.length ? anyTerm() : undefined;
  body.push(
    `For a related method, see [${related.title.toLowerCase()}](/articles/${related.slug})` +
      (term ? ` and the glossary entry for [${term.mention}](/glossary/${term.slug}).` : '.') +
      ` ${paragraph(rng, 2)}`,
  );
  return `${front.join('\n')}\n${body.join('\n\n')}\n`;
}

function plural(phrase: string): string {
  if (/[^aeiou]y$/.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  return /(x|s|ch|sh)$/.test(phrase) ? `${phrase}es` : `${phrase}s`;
}

function table(rng: Rng): string {
  const columns = rng.pick(TABLE_COLUMNS);
  const rows = Array.from({ length: 4 }, () => `| ${columns.map(() => rng.pick(TABLE_CELLS)).join(' | ')} |`);
  return [`| ${columns.join(' | ')} |`, `|${columns.map(() => ' --- ').join('|')}|`, ...rows].join('\n');
}
