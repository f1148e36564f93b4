/** /templates: every downloadable file as a card on the grid: what it is for, a download button with
 * its file type and size, and the articles that use it. */
import { fileSize } from '../format.js';

export interface TemplatesPageProps {
  items: { href: string; name: string; title: string; description: string; format: string; bytes: number; usedBy: { href: string; title: string }[] }[];
}

export function TemplatesPage(p: TemplatesPageProps) {
  return (
    <>
      <h1>Templates</h1>
      <p className="lede">Downloadable templates and schemas for privilege logs, chronologies, AI-use logs and vendor due diligence. Free to reuse under the site licence.</p>
      <ul className="card-grid download-list">
        {p.items.map((t) => (
          <li key={t.href} className="card">
            <h2 className="card-title">{t.title}</h2>
            <p className="card-meta muted"><code>{t.name}</code></p>
            <p className="card-summary">{t.description}</p>
            {t.usedBy.length > 0 && (
              <p className="card-footer">Used in: {t.usedBy.map((u, i) => <span key={u.href}>{i > 0 && ', '}<a href={u.href}>{u.title}</a></span>)}</p>
            )}
            <a className="button download-button" href={t.href} download>
              Download <span className="visually-hidden">{t.title} as </span>{t.format} <span className="download-size">· {fileSize(t.bytes)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
