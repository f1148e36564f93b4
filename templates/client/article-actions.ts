/**
 * Article actions (spec §2, §9): copy citation, summary, LLM format and key takeaways with their
 * toasts; "Cite this" copies the article's citation, and each paragraph's ¶ link a pinpoint citation
 * of that paragraph ("Citation copied"; issue 17); Save Article (kept in localStorage,
 * toast "Article saved"); a JSON download recorded after 1 second; an FAQ question the address names, opened.
 * Citation, LLM and download actions also fire the reader events of lib/notify-events.ts. Buttons are hidden until this
 * script runs, so readers without JavaScript never see controls that do nothing.
 */
import { articleCitationText, citationText, llmText, pinpointCitationText, summaryText, takeawaysText, type ArticleCopyData } from './lib/formats.js';
import { copyText } from './lib/clipboard.js';
import { isString, readStoredList, writeStored } from './lib/storage.js';
import { showToast } from './lib/toast.js';
import { fireReaderEvent } from './lib/notify-events.js';

// An address naming a question of the FAQ (a search result's passage, a shared link) opens it: a
// closed <details> keeps its answer hidden, and browsers open one for find-in-page, not for a
// #fragment. Opening it may close another of its group above it, so it is scrolled to again.
const openTargetedDetails = () => {
  let id = '';
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return;
  }
  const target = id ? document.getElementById(id) : null;
  const details = target?.closest('details');
  if (!target || !details || details.open) return;
  details.open = true;
  target.scrollIntoView();
};
openTargetedDetails();
addEventListener('hashchange', openTargetedDetails);

const dataEl = document.getElementById('article-data');
if (dataEl) {
  const data = JSON.parse(dataEl.textContent ?? '{}') as ArticleCopyData;
  const record = (detail: Record<string, unknown>) => window.dispatchEvent(new CustomEvent('legalsite:event', { detail: { contentType: 'article', contentSlug: data.slug, ...detail } }));

  /** Copies a citation and records it as the spec's cite interaction. */
  const cite = async (text: string, format: string) => {
    await copyText(text, 'Citation copied');
    record({ kind: 'interaction', interactionType: 'cite', metadata: { format } });
    void fireReaderEvent('content.cited', { slug: data.slug, title: data.title, url: data.url });
    void fireReaderEvent('engagement.high', { slug: data.slug, interaction: 'cite' });
  };
  const actions: Record<string, () => Promise<unknown>> = {
    citation: () => cite(citationText(data), 'citation'),
    cite: () => cite(articleCitationText(data), 'article-citation'),
    summary: async () => {
      await copyText(summaryText(data), 'Summary copied');
      record({ kind: 'interaction', interactionType: 'copy-summary', metadata: {} });
    },
    llm: async () => {
      await copyText(llmText(data), 'LLM format copied');
      record({ kind: 'llm', usageType: 'copy', format: 'llm' });
      record({ kind: 'interaction', interactionType: 'llm-copy', metadata: {} });
      void fireReaderEvent('llm.usage', { slug: data.slug, format: 'llm' });
      void fireReaderEvent('engagement.high', { slug: data.slug, interaction: 'llm-copy' });
    },
    takeaways: async () => {
      await copyText(takeawaysText(data), 'Key takeaways copied');
      record({ kind: 'interaction', interactionType: 'copy-takeaways', metadata: {} });
    },
  };
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
    const run = actions[button.dataset.copy ?? ''];
    if (!run) continue;
    button.hidden = false;
    button.addEventListener('click', () => void run());
  }

  // A ¶ link stays a link to its paragraph (open it in a new tab, copy its address); a plain click
  // copies the pinpoint citation and puts the paragraph's address in the address bar. The address
  // is replaced by a fragment navigation, not history.replaceState, so that the paragraph it names
  // becomes the page's :target and is the one highlighted (replaceState left the highlight on the
  // paragraph the page was opened at); the page stays where the reader was.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a.para-link[data-para]')) {
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const id = link.hash.slice(1);
      const { scrollX, scrollY } = window;
      location.replace(`#${id}`);
      window.scrollTo(scrollX, scrollY);
      void cite(pinpointCitationText(data, id, Number(link.dataset.para)), 'pinpoint');
    });
  }

  const save = document.querySelector<HTMLButtonElement>('[data-save]');
  if (save) {
    save.hidden = false;
    save.addEventListener('click', () => {
      const saved = readStoredList('saved-articles', isString);
      writeStored('saved-articles', [data.slug, ...saved.filter((s) => s !== data.slug)]);
      showToast('Article saved');
      record({ kind: 'interaction', interactionType: 'save', metadata: {} });
    });
  }

  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href$=".json"][download]')) {
    link.addEventListener('click', () => {
      // Spec §7: a JSON download is notified after 1 second.
      setTimeout(() => {
        const href = link.getAttribute('href');
        record({ kind: 'interaction', interactionType: 'download', metadata: { href } });
        void fireReaderEvent('download.requested', { slug: data.slug, href });
        void fireReaderEvent('engagement.high', { slug: data.slug, interaction: 'download' });
      }, 1000);
    });
  }
}
