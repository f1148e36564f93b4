/** The glossary's "Frequently asked questions": links to the articles' FAQ entries about terms, on
 * /glossary whether it is one page or an index of letter pages. Nothing when there are none. */
export interface FaqLink {
  question: string;
  href: string;
}

export function GlossaryFaqLinks({ faq }: { faq: FaqLink[] }) {
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby="glossary-faq-title">
      <h2 id="glossary-faq-title">Frequently asked questions</h2>
      <ul>
        {faq.map((f) => <li key={f.href}><a href={f.href}>{f.question}</a></li>)}
      </ul>
    </section>
  );
}
