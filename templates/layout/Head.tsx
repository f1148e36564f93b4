/** <head>: the page's own Content-Security-Policy, title, description, canonical, keywords, Open
 * Graph, Twitter card, alternate versions and JSON-LD (spec §2). */
import type { PageMeta, PageScripts } from '../types.js';

/** JSON-LD inside <script> must not contain "</script>"; escaping "<" as \u003c makes that impossible. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function Head({ meta, cssHref, contentSecurityPolicy, scripts }: { meta: PageMeta; cssHref: string; contentSecurityPolicy: string; scripts: PageScripts }) {
  return (
    <head>
      <meta charSet="utf-8" />
      {/* Before any script or stylesheet: a meta policy governs only what follows it. */}
      <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.keywords.length > 0 && <meta name="keywords" content={meta.keywords.join(', ')} />}
      <link rel="canonical" href={meta.canonical} />
      {meta.prev && <link rel="prev" href={meta.prev} />}
      {meta.next && <link rel="next" href={meta.next} />}
      {meta.noindex && <meta name="robots" content="noindex" />}
      {/* Only without JavaScript: with it, the page's script redirects and keeps the fragment. */}
      {meta.refreshTo && <noscript><meta httpEquiv="refresh" content={`0; url=${meta.refreshTo}`} /></noscript>}
      <meta property="og:type" content={meta.ogType} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={meta.canonical} />
      <meta property="og:site_name" content={meta.siteName} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      {meta.citation?.map(([name, content], i) => <meta key={`${name}-${i}`} name={name} content={content} />)}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="stylesheet" href={cssHref} />
      {scripts.preloads.map((href) => <link key={href} rel="modulepreload" href={href} />)}
      {scripts.scripts.map((src) => <script key={src} type="module" src={src} />)}
      {meta.alternates?.map((a) => <link key={a.href} rel="alternate" type={a.type} href={a.href} title={a.title} />)}
      <link rel="alternate" type="application/rss+xml" title={`${meta.siteName} RSS`} href="/feed.xml" />
      {meta.jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      ))}
    </head>
  );
}
