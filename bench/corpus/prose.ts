/**
 * Synthetic English for article bodies and fields: sentences assembled from the fragment lists in
 * vocabulary.ts, optionally mentioning a glossary term by its title (so glossary auto-linking has
 * real work to do). Plain text only; the caller adds Markdown structure.
 * Reads: nothing. Writes: nothing.
 */
import type { Rng } from './random.js';
import { ADVERBIALS, CONNECTIVES, OBJECTS, OPENERS, VERBS } from './vocabulary.js';

/** Upper-cases the first letter. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One sentence of about 15 words; with `mention`, its object is that phrase. */
export function sentence(rng: Rng, mention?: string): string {
  const object = mention ? `the ${mention}` : rng.pick(OBJECTS);
  const core = `${rng.pick(OPENERS)} ${rng.pick(VERBS)} ${object} ${rng.pick(ADVERBIALS)}.`;
  return rng.chance(0.25) ? `${rng.pick(CONNECTIVES)} ${core}` : capitalize(core);
}

/** A paragraph of `count` sentences; each phrase in `mentions` goes into one of them. */
export function paragraph(rng: Rng, count: number, mentions: readonly string[] = []): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(sentence(rng, i < mentions.length ? mentions[i] : undefined));
  // The mentions land in the first sentences; shuffle lightly so they are not always first.
  if (mentions.length && out.length > 1 && rng.chance(0.5)) out.push(out.shift()!);
  return out.join(' ');
}

/** "a custody log", "an archived log". */
export function withIndefinite(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}
