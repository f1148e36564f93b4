/** /glossary/letter/{letter}: the terms under one letter once the glossary is split (and, for a
 * letter with more terms than a page holds, /glossary/letter/{letter}/page/2 …). */
import { EDUCATIONAL_NOTE } from '../../src/constants.js';
import { Pager } from '../components/Pager.js';
import { SiteSearchForm } from '../components/SiteSearchForm.js';
import { TermEntry } from '../components/TermEntry.js';
import type { GlossaryLetterLink, PagerData, PageRange, TermData } from '../types.js';
import { AzIndex } from './GlossaryIndexPage.js';

export interface GlossaryLetterPageProps {
  letter: string;
  letters: GlossaryLetterLink[];
  terms: TermData[];
  range: PageRange;
  /** When the letter has more terms than one page holds. */
  pager?: PagerData;
}

export function GlossaryLetterPage(p: GlossaryLetterPageProps) {
  return (
    <>
      <p className="back-link"><a href="/glossary">All letters</a></p>
      <h1>Glossary: {p.letter}</h1>
      <SiteSearchForm id="glossary-search" label="Search terms" placeholder="Search terms..." type="term" />
      <AzIndex letters={p.letters} />
      <p className="counter">{p.range.first === 1 && p.range.last === p.range.total ? `${p.range.total} ${p.range.total === 1 ? 'term' : 'terms'}` : `Terms ${p.range.first}–${p.range.last} of ${p.range.total}`} under {p.letter}.</p>
      <section className="letter-group" aria-labelledby={`letter-${p.letter}`}>
        <h2 id={`letter-${p.letter}`}>{p.letter}</h2>
        {p.terms.map((t) => <TermEntry key={t.slug} term={t} headingLevel={3} linkTitle />)}
      </section>
      {p.pager && <Pager pager={p.pager} />}
      <p className="disclaimer">{EDUCATIONAL_NOTE}</p>
    </>
  );
}
