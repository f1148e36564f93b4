/**
 * Checks a term's auto-link rules (term-matcher.ts): each noLink phrase is either one of the
 * phrasings that would link to the term (which it then stops from linking) or a longer phrase
 * holding one; otherwise it protects nothing (usually a typo, or a phrase meant for another term).
 * And a name two terms link by links to one of them only (term-matcher.ts: a title before an alias,
 * then the first slug): the other term's name is reported, as it never links.
 * Reads: one term. Writes: problems through `report`.
 */
import type { FieldPath } from '../load/field-path.js';
import type { Term } from '../model.js';
import { buildTermMatcher, phraseKey, termPhrases, tokenize } from '../passes/term-matcher.js';

type Report = (path: FieldPath, message: string, hint?: string) => void;

export function checkLinkRules(term: Pick<Term, 'slug' | 'title' | 'alsoCalled' | 'noLink' | 'linkOnly'>, report: Report): void {
  const linking = { ...term, noLink: [] };
  const own = buildTermMatcher([linking]);
  term.noLink.forEach((phrase, i) => {
    if (own.find(phrase).length === 0) {
      const linksBy = termPhrases(linking).map((p) => `"${p.phrase}"`).join(', ');
      report(['noLink', i], `"${phrase}" is not and does not contain a phrasing that links to this term (${linksBy})`, 'List the title, an alias or a linkOnly phrase, or one of them with the words around it that change its sense, e.g. "relevance score".');
    }
  });
  term.linkOnly.forEach((phrase, i) => {
    if (tokenize(phrase).length === 0) report(['linkOnly', i], `"${phrase}" has no words`, 'Write the qualified phrase that should link, e.g. "search precision".');
  });
}

type LinkingTerm = Pick<Term, 'file' | 'slug' | 'title' | 'alsoCalled' | 'noLink' | 'linkOnly'>;

/** Each name (title, alias or linkOnly phrase) that another term also links by, reported on the term
 * it never links to: the matcher's winner is the title over an alias, then the first slug. */
export function checkSharedNames(terms: LinkingTerm[], report: (term: LinkingTerm, path: FieldPath, message: string, hint: string) => void): void {
  const claims = new Map<string, { term: LinkingTerm; phrase: string; rank: number }[]>();
  for (const term of terms) {
    for (const p of termPhrases(term)) {
      if (p.kind === 'stop') continue;
      const key = phraseKey(p.phrase);
      const list = claims.get(key);
      if (!list) claims.set(key, [{ term, phrase: p.phrase, rank: p.kind === 'title' ? 0 : 1 }]);
      else if (!list.some((c) => c.term === term)) list.push({ term, phrase: p.phrase, rank: p.kind === 'title' ? 0 : 1 });
    }
  }
  for (const list of claims.values()) {
    if (list.length < 2) continue;
    const [winner, ...others] = [...list].sort((a, b) => a.rank - b.rank || a.term.slug.localeCompare(b.term.slug));
    for (const other of others) {
      const what = winner.rank === 0 ? 'the title' : 'a name';
      report(other.term, pathOf(other.term, other.phrase), `"${other.phrase}" is also ${what} of the term ${winner.term.file}, where it links: it never links to this term`, 'Keep the name on one term only; where both senses occur, give each term a fuller name (e.g. "litigation hold" and "legal hold notice").');
    }
  }
}

/** Where a term writes a name it links by: an alias or linkOnly phrase, else its title. */
function pathOf(term: LinkingTerm, phrase: string): FieldPath {
  const key = phraseKey(phrase);
  const at = (list: string[], field: string): FieldPath | undefined => {
    const i = list.findIndex((p) => phraseKey(p) === key);
    return i < 0 ? undefined : [field, i];
  };
  return (term.linkOnly.length ? at(term.linkOnly, 'linkOnly') : at(term.alsoCalled, 'alsoCalled')) ?? ['title'];
}
