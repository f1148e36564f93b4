/** /datasets: the datasets with their descriptions and links. */
import { shortDate } from '../format.js';

export interface DatasetsPageProps {
  items: { slug: string; title: string; description: string; dateModified: string; fieldCount: number }[];
}

export function DatasetsPage(p: DatasetsPageProps) {
  return (
    <>
      <h1>Datasets</h1>
      <p className="lede">Data standards for legal work, each with a JSON Schema and a CSV template. Machine-readable index: <a href="/datasets/index.json">/datasets/index.json</a>.</p>
      <div className="card-grid">
        {p.items.map((d) => (
          <article key={d.slug} className="card">
            <h2 className="card-title"><a href={`/datasets/${d.slug}`}>{d.title}</a></h2>
            <p className="card-summary">{d.description}</p>
            <p className="card-footer">{d.fieldCount} fields · Updated <time dateTime={d.dateModified}>{shortDate(d.dateModified)}</time></p>
          </article>
        ))}
      </div>
    </>
  );
}
