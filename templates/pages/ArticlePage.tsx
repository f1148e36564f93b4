/** /articles/{slug}: breadcrumbs, badge, tags, title, byline, summary, answer box, key takeaways, body,
 * FAQ, tags, references, see also, downloads, prev/next, recommendations link, licence (spec §2). */
import { ARTICLE_HEADER_TAGS } from '../../src/constants.js';
import { AnswerBox } from '../components/AnswerBox.js';
import { JurisdictionBadge } from '../components/Badge.js';
import { Breadcrumbs } from '../components/Breadcrumbs.js';
import { Faq } from '../components/Faq.js';
import { References } from '../components/References.js';
import { TagChips } from '../components/TagChips.js';
import { minRead, shortDate } from '../format.js';
import type { ArticlePageProps } from '../types.js';
import { jsonForScript } from '../layout/Head.js';
import { Feedback } from '../components/Feedback.js';
import { ChangeLog } from '../components/ChangeLog.js';
import { CiteThis } from '../components/CiteThis.js';

export function ArticlePage(p: ArticlePageProps) {
  return (
    <article className="article" data-article={p.slug}>
      <Breadcrumbs items={p.crumbs} />
      <header className="article-header">
        <p className="section-label">Legal Technology</p>
        <div className="card-meta">
          <JurisdictionBadge jurisdiction={p.jurisdiction} />
          <TagChips tags={p.tags} max={ARTICLE_HEADER_TAGS} />
        </div>
        <h1>{p.title}</h1>
        <p className="print-only print-url">{p.copyData.url}</p>
        <p className="byline">
          <span>By {p.author}</span>
          {p.reviewedBy && <span> · Reviewed by {p.reviewedBy}</span>}
          <span> · Published <time dateTime={p.datePublished}>{shortDate(p.datePublished)}</time></span>
          <span> · Last modified <time dateTime={p.dateModified}>{shortDate(p.dateModified)}</time></span>
          {p.lawStatedAt && <span className="law-stated"> · Law stated as at <time dateTime={p.lawStatedAt}>{shortDate(p.lawStatedAt)}</time></span>}
          <span> · {minRead(p.readingTime)}</span>
        </p>
        <p className="summary-box">{p.summary}</p>
        <div className="actions">
          {p.answer && <a className="button" href="#answer">Jump to Answer</a>}
          <a className="button button-secondary" href={`/articles/${p.slug}.json`} download>Download JSON</a>
          <button type="button" className="button button-secondary" data-share data-share-url={p.copyData.url} data-share-title={p.title} hidden>Share</button>
          <button type="button" className="button button-secondary" data-save hidden>Save Article</button>
        </div>
      </header>

      {p.editorialNoteHtml && (
        <aside className="editorial-note" aria-labelledby="editorial-note-title">
          <h2 id="editorial-note-title">Citation guidance</h2>
          <div dangerouslySetInnerHTML={{ __html: p.editorialNoteHtml }} />
        </aside>
      )}

      {p.answer && <AnswerBox answer={p.answer} />}

      {p.takeawaysHtml.length > 0 && (
        <section id="key-takeaways" className="takeaways" aria-labelledby="takeaways-title">
          <h2 id="takeaways-title">Key takeaways</h2>
          <ul>
            {p.takeawaysHtml.map((html, i) => <li key={i} dangerouslySetInnerHTML={{ __html: html }} />)}
          </ul>
          <button type="button" className="button button-secondary" data-copy="takeaways" hidden>Copy key takeaways</button>
        </section>
      )}

      {p.headings.filter((h) => h.level === 2).length > 2 && (
        <nav className="toc" aria-label="On this page">
          <h2 className="toc-title">On this page</h2>
          <ol>
            {p.headings.filter((h) => h.level === 2).map((h) => <li key={h.id}><a href={`#${h.id}`}>{h.text}</a></li>)}
          </ol>
        </nav>
      )}

      <div className="prose" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />

      {p.downloads.length > 0 && (
        <section id="downloads" className="downloads" aria-labelledby="downloads-title">
          <h2 id="downloads-title">Downloads</h2>
          <ul>
            {p.downloads.map((d) => (
              <li key={d.href}>
                <a href={d.href} download>{d.title}</a>
                {d.description && <span> — {d.description}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <Faq items={p.faq} group={`faq-${p.slug}`} />

      <footer className="article-footer">
        <TagChips tags={p.tags} max={p.tags.length} />
        <References references={p.references} title={p.referencesTitle} />
        {p.seeAlso.length > 0 && (
          <section id="see-also" aria-labelledby="see-also-title">
            <h2 id="see-also-title">See also</h2>
            <ul className="inline-list">
              {p.seeAlso.map((s) => <li key={s.href}><a href={s.href}>{s.label}</a></li>)}
            </ul>
          </section>
        )}
        <Feedback pageKey={`article:${p.slug}`} formerKeys={p.formerSlugs.map((s) => `article:${s}`)} title={p.title} url={p.copyData.url} email={p.editorialEmail} />
        {(p.prev || p.next) && (
          <nav className="prev-next" aria-label="More articles">
            {p.prev && <a rel="prev" href={`/articles/${p.prev.slug}`}>← {p.prev.title}</a>}
            {p.next && <a rel="next" href={`/articles/${p.next.slug}`}>{p.next.title} →</a>}
          </nav>
        )}
        <p className="actions">
          <a className="button" href={`/recommendations/article/${p.slug}`}>View AI-Powered Recommendations</a>
          <a className="button button-secondary" href="/content-recommendations">All recommendations</a>
        </p>
        <CiteThis cite={p.cite} />
        <ChangeLog changes={p.changes} />
        <p className="last-updated">
          Last updated <time dateTime={p.dateModified}>{shortDate(p.dateModified)}</time> · Licensed under{' '}
          <a href={p.licenseUrl} rel="license">{p.licenseName}</a>
        </p>
      </footer>
      <script type="application/json" id="article-data" dangerouslySetInnerHTML={{ __html: jsonForScript(p.copyData) }} />
    </article>
  );
}
