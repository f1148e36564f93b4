/** The page shell shared by every page: head, skip link, header, main landmark, footer. The header
 * and footer are the same on every page of a build: they are rendered once and spliced into the
 * slots left for them (src/render/render-page.tsx, which renders pages with React's bytes through
 * src/render/static-document.ts). */
import type { ReactNode } from 'react';
import type { Chrome, PageMeta, PageScripts } from '../types.js';
import { Head } from './Head.js';

type SlotName = 'header' | 'footer';
export const SLOT = 'data-legalsite-slot';

/** A slot as rendered markup, to be replaced by its part. */
export const slot = (name: SlotName) => `<template ${SLOT}="${name}"></template>`;

const Slot = ({ name }: { name: SlotName }) => <template {...{ [SLOT]: name }} />;

export function Layout({ chrome, meta, scripts, content, children }: { chrome: Chrome; meta: PageMeta; scripts: PageScripts; content?: { type: string; slug?: string }; children: ReactNode }) {
  return (
    <html lang={chrome.language}>
      <Head meta={meta} cssHref={chrome.cssHref} contentSecurityPolicy={chrome.contentSecurityPolicy} scripts={scripts} />
      <body data-content-type={content?.type ?? 'page'} data-content-slug={content?.slug}>
        <a className="skip-link" href="#main">Skip to content</a>
        <Slot name="header" />
        <main id="main" className="container">
          {children}
        </main>
        <Slot name="footer" />
      </body>
    </html>
  );
}
