/** /: hero, Latest Articles (three fixed cards), and the Templates / Glossary / Datasets cards (spec §2). */
import { ArticleCard } from '../components/ArticleCard.js';
import type { ArticleCardData } from '../types.js';

export interface HomePageProps {
  name: string;
  tagline: string;
  description: string;
  latest: ArticleCardData[];
  sampleTerms: { slug: string; title: string; definition: string }[];
}

export function HomePage(p: HomePageProps) {
  return (
    <>
      <section className="hero">
        <h1>{p.name}</h1>
        <p className="tagline">{p.tagline}</p>
        <p className="lede">{p.description}</p>
        <div className="actions">
          <a className="button" href="/articles">Browse Articles</a>
          <a className="button button-secondary" href="/glossary">Search Glossary</a>
        </div>
      </section>
      <section aria-labelledby="latest-title" className="home-section">
        <h2 id="latest-title">Latest Articles</h2>
        <div className="card-grid">
          {p.latest.map((a) => (
            <div key={a.slug} className="animate-in">
              <ArticleCard article={a} />
            </div>
          ))}
        </div>
        <p><a href="/articles">View all articles</a></p>
      </section>
      <section className="card-grid home-section" aria-label="Resources">
        <div className="card animate-in">
          <h2>Templates</h2>
          <p>Privilege logs, chronology fact tables, AI-use logs and vendor due-diligence questionnaires, ready to adapt.</p>
          <a className="button" href="/templates">Browse Templates</a>
        </div>
        <div className="card animate-in">
          <h2>Glossary</h2>
          <dl className="sample-terms">
            {p.sampleTerms.map((t) => (
              <div key={t.slug}>
                <dt><a href={`/glossary/${t.slug}`}>{t.title}</a></dt>
                <dd>{t.definition}</dd>
              </div>
            ))}
          </dl>
          <a className="button" href="/glossary">View Full Glossary</a>
        </div>
        <div className="card animate-in">
          <h2>Datasets</h2>
          <p>Field-by-field data standards with JSON Schemas and CSV templates, licensed for reuse.</p>
          <a className="button" href="/datasets">Explore Data</a>
        </div>
      </section>
    </>
  );
}
