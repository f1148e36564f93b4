/** "Cite this": the article's citation in the spec's format (§9 "Citation copy format"), a copy button
 * (it acts once the article-actions script loads; without JavaScript the text can be selected), and
 * the citation files for reference managers (BibTeX, RIS, CSL-JSON). Issue 17. */
import type { CiteData } from '../types.js';

export function CiteThis({ cite }: { cite: CiteData }) {
  return (
    <section id="cite-this" className="cite-this" aria-labelledby="cite-this-title">
      <h2 id="cite-this-title">Cite this</h2>
      <p className="citation-text">{cite.text}</p>
      <p className="cite-hint">To cite one paragraph, use its ¶ link: it copies a pinpoint citation (or, without JavaScript, takes you to the paragraph's address).</p>
      <div className="actions">
        <button type="button" className="button" data-copy="cite" hidden>Copy article citation</button>
        {cite.files.map((f) => (
          <a key={f.href} className="button button-secondary" href={f.href} type={f.type} download>
            {f.label}
          </a>
        ))}
      </div>
    </section>
  );
}
