/**
 * Share and feedback on article and glossary term pages (spec §2, issue 9).
 * Share: navigator.share, else copy the link ("Link copied"), else a prompt.
 * Feedback: "Was this helpful?" yes/no with an optional comment, kept in localStorage per page
 * (a second answer replaces the first) and recorded as a content interaction; no network call.
 */
import { shareLink } from './lib/clipboard.js';
import { isRecord, readStored, writeStored } from './lib/storage.js';
import { showToast } from './lib/toast.js';

const { contentType = 'page', contentSlug = '' } = document.body.dataset;
const record = (detail: Record<string, unknown>) => window.dispatchEvent(new CustomEvent('legalsite:event', { detail: { contentType, contentSlug, ...detail } }));

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-share]')) {
  button.hidden = false;
  button.addEventListener('click', () => {
    void shareLink(button.dataset.shareUrl ?? location.href, button.dataset.shareTitle ?? document.title);
    record({ kind: 'interaction', interactionType: 'share', metadata: {} });
  });
}

export interface FeedbackEntry {
  helpful: boolean;
  comment: string;
  at: string;
}
type FeedbackStore = Record<string, FeedbackEntry>;
const isStore = (v: unknown): v is FeedbackStore => isRecord(v) && Object.values(v).every((e) => isRecord(e) && typeof e.helpful === 'boolean');

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-feedback]')) {
  const key = form.dataset.feedback!;
  const status = form.querySelector<HTMLElement>('[data-feedback-status]')!;
  const controls = form.querySelector<HTMLElement>('[data-feedback-controls]')!;
  controls.hidden = false;
  const earlier = readStored('feedback', isStore, {})[key];
  if (earlier) status.textContent = `You answered ${earlier.helpful ? 'yes' : 'no'}. You can change your answer.`;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const choice = (form.elements.namedItem('helpful') as RadioNodeList).value;
    if (choice !== 'yes' && choice !== 'no') {
      status.textContent = 'Choose yes or no first.';
      return;
    }
    const comment = (form.elements.namedItem('comment') as HTMLTextAreaElement).value.trim().slice(0, 500);
    const store = readStored('feedback', isStore, {});
    store[key] = { helpful: choice === 'yes', comment, at: new Date().toISOString() };
    writeStored('feedback', store);
    record({ kind: 'interaction', interactionType: 'feedback', metadata: { helpful: choice === 'yes', hasComment: comment !== '' } });
    status.textContent = 'Thank you for your feedback.';
    showToast('Feedback saved', 'Thank you for your feedback.');
  });
}
