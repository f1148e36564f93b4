/** The page shell shared by every page: head, skip link, header, main landmark, footer. */
import type { ReactNode } from 'react';
import type { Chrome, PageMeta } from '../types.js';
import { Footer } from './Footer.js';
import { Head } from './Head.js';
import { Header } from './Header.js';

export function Layout({ chrome, meta, children }: { chrome: Chrome; meta: PageMeta; children: ReactNode }) {
  return (
    <html lang={chrome.language}>
      <Head meta={meta} cssHref={chrome.cssHref} />
      <body>
        <a className="skip-link" href="#main">Skip to content</a>
        <Header siteName={chrome.siteName} />
        <main id="main" className="container">
          {children}
        </main>
        <Footer chrome={chrome} />
      </body>
    </html>
  );
}
