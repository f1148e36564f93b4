/** /feeds/{name}: the spec's feed URL as a page that names its feed file (src/routes/feeds.ts says why);
 * the feed's own `<link rel="alternate">` in the head lets a feed reader given this address find it. */

export interface FeedPageProps {
  title: string;
  format: string;
  description: string;
  /** The feed file, site-relative. */
  href: string;
  /** The feed file, absolute: what to paste into a feed reader. */
  url: string;
  others: { title: string; href: string; format: string }[];
}

export function FeedPage(p: FeedPageProps) {
  return (
    <>
      <h1>{p.title}</h1>
      <p className="lede">{p.description}</p>
      <p>To subscribe, give your feed reader this address: <code>{p.url}</code></p>
      <p><a className="button" href={p.href} type={p.format === 'Atom 1.0' ? 'application/atom+xml' : 'application/rss+xml'}>Open the {p.format} feed</a></p>
      <h2 id="other-feeds">Other feeds</h2>
      <ul className="link-list">
        {p.others.map((o) => (
          <li key={o.href}><a href={o.href}>{o.title}</a> <span className="muted">({o.format})</span></li>
        ))}
      </ul>
    </>
  );
}
