/** One glossary entry with every field the spec lists: jurisdiction, tags, definition, Also called,
 * Contrast with, See also, Data fields. Used on /glossary and /glossary/{slug}. */
import type { TermData } from '../types.js';
import { JurisdictionBadge } from './Badge.js';
import { TagChips } from './TagChips.js';

export function TermEntry({ term, headingLevel, linkTitle }: { term: TermData; headingLevel: 1 | 3; linkTitle: boolean }) {
  const H = headingLevel === 1 ? 'h1' : 'h3';
  return (
    <article className="term" id={headingLevel === 3 ? term.slug : undefined} data-search={[term.title, term.definition, ...term.alsoCalled, ...term.tags, term.jurisdiction].join(' ').toLowerCase()}>
      {/* On the glossary's lists, a renamed term keeps the anchors its former slugs published. */}
      {headingLevel === 3 && term.formerSlugs.map((slug) => <span key={slug} id={slug} />)}
      <div className="card-meta">
        <JurisdictionBadge jurisdiction={term.jurisdiction} />
        <TagChips tags={term.tags} max={term.tags.length} />
      </div>
      <H className="term-title">{linkTitle ? <a href={`/glossary/${term.slug}`}>{term.title}</a> : term.title}</H>
      <p className="definition">{term.definition}</p>
      <dl className="term-fields">
        {term.alsoCalled.length > 0 && (
          <>
            <dt>Also called</dt>
            <dd>{term.alsoCalled.join(', ')}</dd>
          </>
        )}
        {term.contrastWith.length > 0 && (
          <>
            <dt>Contrast with</dt>
            <dd>{term.contrastWith.map((t, i) => <span key={t.slug}>{i > 0 && ', '}<a href={`/glossary/${t.slug}`}>{t.title}</a></span>)}</dd>
          </>
        )}
        {term.seeAlso.length > 0 && (
          <>
            <dt>See also</dt>
            <dd>{term.seeAlso.map((t, i) => <span key={t.slug}>{i > 0 && ', '}<a href={`/glossary/${t.slug}`}>{t.title}</a></span>)}</dd>
          </>
        )}
        {term.dataFields.length > 0 && (
          <>
            <dt>Data fields</dt>
            <dd>{term.dataFields.map((f, i) => <span key={f}>{i > 0 && ', '}<code>{f}</code></span>)}</dd>
          </>
        )}
      </dl>
    </article>
  );
}
