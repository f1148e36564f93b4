/**
 * The glossary's live search (spec §2, §5): a case-insensitive substring match, surrounding
 * whitespace trimmed, over title, definition, alternate names, tags and jurisdiction (the terms'
 * data-search attributes). The "N of M terms" counter, the letter groups and the A–Z index follow.
 */
import { useEffect, useState } from 'react';

export function matchesTerm(haystack: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || haystack.includes(q);
}

export function GlossarySearch({ total }: { total: number }) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(total);

  useEffect(() => {
    let count = 0;
    for (const group of document.querySelectorAll<HTMLElement>('.letter-group')) {
      let inGroup = 0;
      for (const term of group.querySelectorAll<HTMLElement>('.term[data-search]')) {
        const ok = matchesTerm(term.dataset.search ?? '', query);
        term.hidden = !ok;
        if (ok) inGroup++;
      }
      group.hidden = inGroup === 0;
      const letter = group.querySelector('h2')?.id;
      const jump = letter ? document.querySelector<HTMLElement>(`.az-index a[href="#${letter}"]`) : null;
      if (jump) jump.classList.toggle('is-empty', inGroup === 0);
      count += inGroup;
    }
    setShown(count);
    const empty = document.querySelector<HTMLElement>('[data-glossary-empty]');
    if (empty) empty.hidden = count !== 0;
  }, [query]);

  return (
    <div className="filter-bar" role="search">
      <label htmlFor="glossary-search" className="visually-hidden">Search terms</label>
      <input id="glossary-search" type="search" placeholder="Search terms..." autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
      <p className="counter" aria-live="polite">{shown} of {total} terms</p>
    </div>
  );
}
