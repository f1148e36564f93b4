/** /glossary once the glossary is too long for one page: the search box (searching the whole site's
 * terms), the A–Z index leading to a page per letter with its number of terms, the JSON export and
 * the glossary's FAQ. */
import { EDUCATIONAL_NOTE } from '../../src/constants.js';
import { GlossaryFaqLinks, type FaqLink } from '../components/GlossaryFaqLinks.js';
import { SiteSearchForm } from '../components/SiteSearchForm.js';
import type { GlossaryLetterLink } from '../types.js';

export interface GlossaryIndexPageProps {
  total: number;
  letters: GlossaryLetterLink[];
  faq: FaqLink[];
}

export function GlossaryIndexPage(p: GlossaryIndexPageProps) {
  return (
    <>
      <h1>Glossary</h1>
      <p className="lede">Legal, evidence and e-discovery terms, defined in plain language with their data fields and related terms.</p>
      <SiteSearchForm id="glossary-search" label="Search terms" placeholder="Search terms..." type="term" />
      <p className="counter">{p.total} terms, on a page per letter.</p>
      <AzIndex letters={p.letters} />
      <ul className="letter-counts">
        {p.letters.filter((l) => l.href).map((l) => <li key={l.letter}><a href={l.href}>{l.letter}</a> <span className="muted">{l.count} {l.count === 1 ? 'term' : 'terms'}</span></li>)}
      </ul>
      <p><a href="/glossary.json">Export the glossary as JSON</a></p>
      <GlossaryFaqLinks faq={p.faq} />
      <p className="disclaimer">{EDUCATIONAL_NOTE}</p>
    </>
  );
}

/** A–Z, each letter with terms a link to its page; the letter of the page it is on marked current. */
export function AzIndex({ letters }: { letters: GlossaryLetterLink[] }) {
  return (
    <nav className="az-index" aria-label="Glossary letters">
      <ul>
        {letters.map((l) => (
          <li key={l.letter}>{l.href ? <a href={l.href} aria-current={l.current ? 'page' : undefined}>{l.letter}</a> : <span aria-disabled="true">{l.letter}</span>}</li>
        ))}
      </ul>
    </nav>
  );
}
