/** FAQ as native <details name>: an exclusive, collapsible accordion that needs no JavaScript. */
export function Faq({ items, group }: { items: { id: string; q: string; aHtml: string }[]; group: string }) {
  if (items.length === 0) return null;
  return (
    <section id="faq" className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently asked questions</h2>
      {items.map((f) => (
        <details key={f.id} id={f.id} name={group} className="faq-item">
          <summary>{f.q}</summary>
          <div className="faq-answer" dangerouslySetInnerHTML={{ __html: f.aHtml }} />
        </details>
      ))}
    </section>
  );
}
