/** An article card: badge, first 2 tags + "+N more", title link, summary, date, "N min read" (spec §2). */
import { CARD_TAGS } from '../../src/constants.js';
import { minRead, shortDate } from '../format.js';
import type { ArticleCardData } from '../types.js';
import { JurisdictionBadge } from './Badge.js';
import { TagChips } from './TagChips.js';

export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleCardData; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card article-card" data-slug={article.slug} data-tags={article.tags.join(' ')} data-jurisdiction={article.jurisdiction} data-search={`${article.title} ${article.summary}`.toLowerCase()}>
      <div className="card-meta">
        <JurisdictionBadge jurisdiction={article.jurisdiction} />
        <TagChips tags={article.tags} max={CARD_TAGS} />
      </div>
      <H className="card-title">
        <a href={`/articles/${article.slug}`}>{article.title}</a>
      </H>
      <p className="card-summary">{article.summary}</p>
      <p className="card-footer">
        <time dateTime={article.datePublished}>{shortDate(article.datePublished)}</time>
        <span aria-hidden="true"> · </span>
        <span>{minRead(article.readingTime)}</span>
      </p>
    </article>
  );
}
