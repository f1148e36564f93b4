/**
 * Article actions (spec §2, §9): copy citation, summary, LLM format and key takeaways with their
 * toasts; Save Article (kept in localStorage,
 * toast "Article saved"); a JSON download recorded after 1 second.
 * Citation, LLM and download actions also fire the reader events of lib/notify-events.ts. Buttons are hidden until this
 * script runs, so readers without JavaScript never see controls that do nothing.
 */
import { citationText, llmText, summaryText, takeawaysText, type ArticleCopyData } from './lib/formats.js';
import { copyText } from './lib/clipboard.js';
import { isString, readStoredList, writeStored } from './lib/storage.js';
import { showToast } from './lib/toast.js';
import { fireReaderEvent } from './lib/notify-events.js';

const dataEl = document.getElementById('article-data');
if (dataEl) {
  const data = JSON.parse(dataEl.textContent ?? '{}') as ArticleCopyData;
  const record = (detail: Record<string, unknown>) => window.dispatchEvent(new CustomEvent('legalsite:event', { detail: { contentType: 'article', contentSlug: data.slug, ...detail } }));

  const actions: Record<string, () => Promise<unknown>> = {
    citation: async () => {
      await copyText(citationText(data), 'Citation copied');
      record({ kind: 'interaction', interactionType: 'cite', metadata: { format: 'citation' } });
      void fireReaderEvent('content.cited', { slug: data.slug, title: data.title, url: data.url });
      void fireReaderEvent('engagement.high', { slug: data.slug, interaction: 'cite' });
    },
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
