/**
 * Glossary terms for the corpus: unique titles combined from QUALIFIERS × SUBJECTS × HEADS (40,000
 * combinations, drawn in a seeded shuffled order; beyond that a number is appended), slugs derived
 * the way legalsite derives them, and each term's YAML file (1–3 tags, a two-sentence definition,
 * seeAlso to 0–2 other generated terms).
 * Reads: nothing. Writes: nothing (returns file text).
 */
import { capitalize, sentence, withIndefinite } from './prose.js';
import type { Rng } from './random.js';
import { DAYS_2024_2025, flowList, isoDay, q } from './yaml.js';
import { HEADS, JURISDICTIONS, KNOWN_TAGS, QUALIFIERS, SUBJECTS } from './vocabulary.js';

/** A term as the rest of the corpus refers to it. */
export interface TermPlan {
  slug: string;
  title: string;
  /** The title as it appears mid-sentence. */
  mention: string;
  head: string;
}

/** Lowercase, non-alphanumerics to hyphens: docs/content.md "Glossary terms", slug derived from title. */
export function slugFromTitle(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** Picks `count` distinct term titles. */
export function planTerms(rng: Rng, count: number): TermPlan[] {
  const perSubject = HEADS.length;
  const perQualifier = SUBJECTS.length * perSubject;
  const capacity = QUALIFIERS.length * perQualifier;
  // A partial Fisher–Yates over combination indices: distinct titles with no retry loop.
  const order = new Int32Array(capacity).map((_, i) => i);
  const drawn = Math.min(count, capacity);
  for (let i = 0; i < drawn; i++) {
    const j = i + Math.floor(rng.next() * (capacity - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const plans: TermPlan[] = [];
  for (let i = 0; i < count; i++) {
    const combo = order[i % drawn];
    const head = HEADS[combo % perSubject];
    const words = `${QUALIFIERS[Math.floor(combo / perQualifier)]} ${SUBJECTS[Math.floor(combo / perSubject) % SUBJECTS.length]} ${head}`;
    const round = Math.floor(i / capacity);
    const mention = round ? `${words} ${round + 1}` : words;
    const title = capitalize(mention);
    plans.push({ slug: slugFromTitle(title), title, mention, head });
  }
  return plans;
}

const TAGS = Object.keys(KNOWN_TAGS);

/** The YAML file of term `index` (no `slug:` field: legalsite derives it from the title). */
export function termYaml(rng: Rng, terms: readonly TermPlan[], index: number): string {
  const term = terms[index];
  const others = terms.length > 1 ? rng.int(0, Math.min(2, terms.length - 1)) : 0;
  const seeAlso = new Set<string>();
  while (seeAlso.size < others) {
    const other = terms[rng.int(0, terms.length - 1)];
    if (other.slug !== term.slug) seeAlso.add(other.slug);
  }
  const definition = `${capitalize(withIndefinite(term.mention))} is the ${term.head} a legal team keeps to show what was done, by whom and when. ${sentence(rng)}`;
  const lines = [
    `title: ${q(term.title)}`,
    `jurisdiction: ${rng.pick(JURISDICTIONS)}`,
    `tags: ${flowList(rng.sample(TAGS, rng.int(1, 3)))}`,
    `definition: ${q(definition)}`,
  ];
  if (seeAlso.size) lines.push(`seeAlso: ${flowList([...seeAlso])}`);
  lines.push(`lastModified: ${q(isoDay(rng.int(0, DAYS_2024_2025 - 1)))}`);
  return `${lines.join('\n')}\n`;
}
