/** /templates: every downloadable file with what it is for and the articles that use it. */
export interface TemplatesPageProps {
  items: { href: string; name: string; title: string; description: string; format: string; usedBy: { href: string; title: string }[] }[];
}

export function TemplatesPage(p: TemplatesPageProps) {
  return (
    <>
      <h1>Templates</h1>
      <p className="lede">Downloadable templates and schemas for privilege logs, chronologies, AI-use logs and vendor due diligence. Free to reuse under the site licence.</p>
      <ul className="download-list">
        {p.items.map((t) => (
          <li key={t.href} className="card">
            <h2 className="card-title"><a href={t.href} download>{t.title}</a></h2>
            <p className="muted"><code>{t.name}</code> · {t.format}</p>
            <p>{t.description}</p>
            {t.usedBy.length > 0 && (
              <p className="muted">Used in: {t.usedBy.map((u, i) => <span key={u.href}>{i > 0 && ', '}<a href={u.href}>{u.title}</a></span>)}</p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
