/** /answers: every article with an answer as a card with View Answer / JSON / Full Article (spec §2);
 * once there are more than a page holds, one page of them with the pager (/answers/page/2 …). */
import { ANSWER_CARD_TAGS } from '../../src/constants.js';
import { JurisdictionBadge } from '../components/Badge.js';
import { Pager } from '../components/Pager.js';
import { TagChips } from '../components/TagChips.js';
import { minRead, shortDate } from '../format.js';
import type { ArticleCardData, PagerData, PageRange } from '../types.js';

export function AnswersPage({ items, range, pager }: { items: ArticleCardData[]; range?: PageRange; pager?: PagerData }) {
  return (
    <>
      <h1>Answers</h1>
      <p className="lede">Short, structured answers from every article, each with an ID, a JSON file and a link to the full article. Also available as a sitemap (<a href="/sitemaps/answers.xml">/sitemaps/answers.xml</a>); see <a href="/for-ai-systems">For AI Systems</a> for how to use and cite them.</p>
      {range && <p className="counter">Answers {range.first}–{range.last} of {range.total}, newest first.</p>}
      {items.length === 0 ? (
        <p className="empty">No answers found.</p>
      ) : (
        <div className="card-grid">
          {items.map((a) => (
            <article key={a.slug} className="card">
              <div className="card-meta">
                <JurisdictionBadge jurisdiction={a.jurisdiction} />
                <span className="muted">{minRead(a.readingTime)}</span>
              </div>
              <h2 className="card-title"><a href={`/articles/${a.slug}#answer`}>{a.title}</a></h2>
              <p className="card-summary">{a.summary}</p>
              <TagChips tags={a.tags} max={ANSWER_CARD_TAGS} />
              <p className="card-footer">Updated <time dateTime={a.dateModified}>{shortDate(a.dateModified)}</time></p>
              <div className="actions">
                <a className="button" href={`/articles/${a.slug}#answer`}>View Answer</a>
                <a className="button button-secondary" href={`/articles/${a.slug}.answer.json`}>JSON</a>
                <a className="button button-secondary" href={`/articles/${a.slug}`}>Full Article</a>
              </div>
            </article>
          ))}
        </div>
      )}
      {pager && <Pager pager={pager} />}
    </>
  );
}
