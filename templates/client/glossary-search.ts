/**
 * The glossary's live search (spec §2, §5), a plain module (no React): a case-insensitive substring
 * match, surrounding whitespace trimmed, over title, definition, alternate names, tags and
 * jurisdiction (each term's data-search). The "N of M terms" counter, the letter groups and the A–Z
 * index follow the matches.
 */
import { matchesTerm } from './lib/glossary-match.js';

const input = document.getElementById('glossary-search') as HTMLInputElement | null;
const counter = document.querySelector<HTMLElement>('[data-counter]');
if (input && counter) {
  input.hidden = false;
  const groups = [...document.querySelectorAll<HTMLElement>('.letter-group')].map((group) => ({
    group,
    terms: [...group.querySelectorAll<HTMLElement>('.term[data-search]')],
    jump: document.querySelector<HTMLElement>(`.az-index a[href="#${group.querySelector('h2')?.id}"]`),
  }));
  const total = groups.reduce((n, g) => n + g.terms.length, 0);
  const empty = document.querySelector<HTMLElement>('[data-glossary-empty]');
  const apply = () => {
    let shown = 0;
    for (const { group, terms, jump } of groups) {
      let inGroup = 0;
      for (const term of terms) {
        const ok = matchesTerm(term.dataset.search ?? '', input.value);
        term.hidden = !ok;
        if (ok) inGroup++;
      }
      group.hidden = inGroup === 0;
      jump?.classList.toggle('is-empty', inGroup === 0);
      shown += inGroup;
    }
    counter.textContent = `${shown} of ${total} terms`;
    if (empty) empty.hidden = shown !== 0;
  };
  input.addEventListener('input', apply);
  if (input.value) apply();
}
