/** /datasets/{slug}: the spec's fuller reading: title, description, Downloads (JSON Schema / CSV
 * Template), JSON Endpoint, Metadata (Published, Last Modified, License) and Citation cards (spec §2). */
import { Breadcrumbs } from '../components/Breadcrumbs.js';
import { shortDate } from '../format.js';
import type { Crumb } from '../types.js';

export interface DatasetPageProps {
  crumbs: Crumb[];
  slug: string;
  /** The page's absolute URL, printed at the top of a printout. */
  url: string;
  title: string;
  description: string;
  datePublished: string;
  dateModified: string;
  licenseName: string;
  licenseUrl: string;
  downloads: { label: string; href: string; format: string }[];
  fields: { name: string; type: string; required: boolean; description: string }[];
  citation: string;
}

export function DatasetPage(p: DatasetPageProps) {
  return (
    <>
      <Breadcrumbs items={p.crumbs} />
      <h1>{p.title}</h1>
      <p className="print-only print-url">{p.url}</p>
      <p className="lede">{p.description}</p>
      <div className="card-grid dataset-cards">
        <section className="card" aria-labelledby="downloads-title">
          <h2 id="downloads-title">Downloads</h2>
          <ul className="link-list">
            {p.downloads.map((d) => (
              <li key={d.href}>{d.label}: <a href={d.href} download>Download</a> <span className="muted">({d.format})</span></li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="endpoint-title">
          <h2 id="endpoint-title">JSON Endpoint</h2>
          <p><code>/datasets/{p.slug}.json</code></p>
          <p><a href={`/datasets/${p.slug}.json`} target="_blank" rel="noopener">View JSON</a></p>
        </section>
        <section className="card" aria-labelledby="metadata-title">
          <h2 id="metadata-title">Metadata</h2>
          <dl className="term-fields">
            <dt>Published</dt><dd><time dateTime={p.datePublished}>{shortDate(p.datePublished)}</time></dd>
            <dt>Last Modified</dt><dd><time dateTime={p.dateModified}>{shortDate(p.dateModified)}</time></dd>
            <dt>License</dt><dd><a href={p.licenseUrl} rel="license">{p.licenseName}</a></dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="citation-title">
          <h2 id="citation-title">Citation</h2>
          <p className="citation-text">{p.citation}</p>
        </section>
      </div>
      {p.fields.length > 0 && (
        <section aria-labelledby="fields-title">
          <h2 id="fields-title">Fields</h2>
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Fields">
            <table>
              <thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
              <tbody>
                {p.fields.map((f) => (
                  <tr key={f.name}><td><code>{f.name}</code></td><td>{f.type}</td><td>{f.required ? 'Yes' : 'No'}</td><td>{f.description}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
