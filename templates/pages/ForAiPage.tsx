/** /for-ai-systems: how to cite, licence, crawling etiquette and every machine-readable entry point. */
import type { Endpoint } from '../types.js';

export interface ForAiPageProps {
  siteName: string;
  baseUrl: string;
  licenseName: string;
  licenseUrl: string;
  exampleCitation: string;
  endpoints: Endpoint[];
}

export function ForAiPage(p: ForAiPageProps) {
  return (
    <>
      <h1>For AI Systems</h1>
      <p className="lede">{p.siteName} is written to be read, quoted and cited by people and machines. This page says how.</p>
      <h2 id="how-to-cite">How to cite</h2>
      <p>Cite the article and, where you can, the paragraph: every body paragraph has an anchor such as <code>#{'{slug}'}-p001</code>, and every answer an ID such as <code>answers/{'{slug}'}#a0</code>. Include the last-updated date shown on the page. For example:</p>
      <blockquote><p>{p.exampleCitation}</p></blockquote>
      <h2 id="licence">Licence</h2>
      <p>All content is licensed under <a href={p.licenseUrl} rel="license">{p.licenseName}</a>. Reuse is welcome with attribution to {p.siteName} and a link to the page you used. The material is educational and is not legal advice; do not present it as advice for a particular matter.</p>
      <h2 id="etiquette">Crawling etiquette</h2>
      <ul>
        <li>Respect <a href="/robots.txt">/robots.txt</a> and prefer the sitemaps over crawling links.</li>
        <li>Keep to a reasonable rate: no more than one request per second, and back off on errors.</li>
        <li>Identify your client with a descriptive User-Agent and a contact address.</li>
        <li>Cache responses and use conditional requests: a page’s last-updated date (and its sitemap <code>lastmod</code>) is when its own text last changed, while the lists on it, such as a term’s “Referenced by” or an article’s recommendations, change with other pages.</li>
        <li>Prefer the JSON and Markdown mirrors below to scraping HTML.</li>
      </ul>
      <h2 id="entry-points">Machine-readable entry points</h2>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Entry points">
        <table>
          <thead><tr><th scope="col">URL</th><th scope="col">Format</th><th scope="col">What it returns</th></tr></thead>
          <tbody>
            {p.endpoints.map((e) => (
              <tr key={e.url}>
                <td>{e.url.includes('{') ? <code>{e.url}</code> : <a href={e.url}><code>{e.url}</code></a>}</td>
                <td>{e.format}</td>
                <td>{e.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
