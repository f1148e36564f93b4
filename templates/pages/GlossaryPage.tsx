/** /glossary: search box, A–Z index, "N of M terms", terms grouped by letter, JSON export, FAQ links. */
import { EDUCATIONAL_NOTE } from '../../src/constants.js';
import { GlossaryFaqLinks, type FaqLink } from '../components/GlossaryFaqLinks.js';
import { TermEntry } from '../components/TermEntry.js';
import type { TermData } from '../types.js';

export interface GlossaryPageProps {
  total: number;
  letters: string[];
  groups: { letter: string; terms: TermData[] }[];
  faq: FaqLink[];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

export function GlossaryPage(p: GlossaryPageProps) {
  const present = new Set(p.letters);
  return (
    <>
      <h1>Glossary</h1>
      <p className="lede">Legal, evidence and e-discovery terms, defined in plain language with their data fields and related terms.</p>
      <div className="filter-bar" role="search">
        {/* Shown by the glossary-search script: without JavaScript the box could not search. */}
        <label htmlFor="glossary-search" className="visually-hidden">Search terms</label>
        <input id="glossary-search" type="search" placeholder="Search terms..." autoComplete="off" hidden />
        <p className="counter" aria-live="polite" data-counter>{p.total} of {p.total} terms</p>
      </div>
      <noscript>
        <p className="muted">Searching the glossary needs JavaScript. Every term is on this page: jump to a letter below, or use your browser's Find.</p>
      </noscript>
      <nav className="az-index" aria-label="Jump to letter">
        <ul>
          {ALPHABET.map((l) => (
            <li key={l}>{present.has(l) ? <a href={`#letter-${l}`}>{l}</a> : <span aria-disabled="true">{l}</span>}</li>
          ))}
        </ul>
      </nav>
      <p><a href="/glossary.json">Export the glossary as JSON</a></p>
      {p.groups.map((g) => (
        <section key={g.letter} className="letter-group" aria-labelledby={`letter-${g.letter}`}>
          <h2 id={`letter-${g.letter}`}>{g.letter}</h2>
          {g.terms.map((t) => <TermEntry key={t.slug} term={t} headingLevel={3} linkTitle />)}
        </section>
      ))}
      <p className="empty" data-glossary-empty hidden>No terms found.</p>
      <GlossaryFaqLinks faq={p.faq} />
      <p className="disclaimer">{EDUCATIONAL_NOTE}</p>
    </>
  );
}
