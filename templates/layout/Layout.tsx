/** The page shell shared by every page: head, skip link, header, main landmark, footer. */
import type { ReactNode } from 'react';
import type { Chrome, PageMeta } from '../types.js';
import { Footer } from './Footer.js';
import { Head } from './Head.js';
import { Header } from './Header.js';

export interface PageScripts {
  /** Module scripts to run, in order. */
  scripts: string[];
  /** Chunks they import, preloaded so they download in parallel. */
  preloads: string[];
}

/** Where a part of the page rendered once per build is spliced in (src/render/render-page.tsx). */
export const slot = (name: 'header' | 'footer') => `<template data-legalsite-slot="${name}"></template>`;

export function Layout({ chrome, meta, scripts, content, children, slots = false }: { chrome: Chrome; meta: PageMeta; scripts: PageScripts; content?: { type: string; slug?: string }; children: ReactNode; slots?: boolean }) {
  return (
    <html lang={chrome.language}>
      <Head meta={meta} cssHref={chrome.cssHref} scripts={scripts} />
      <body data-content-type={content?.type ?? 'page'} data-content-slug={content?.slug}>
        <a className="skip-link" href="#main">Skip to content</a>
        {slots ? <template data-legalsite-slot="header" /> : <Header siteName={chrome.siteName} />}
        <main id="main" className="container">
          {children}
        </main>
        {slots ? <template data-legalsite-slot="footer" /> : <Footer chrome={chrome} />}
      </body>
    </html>
  );
}
