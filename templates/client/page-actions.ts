/**
 * Share and feedback on article and glossary term pages (spec §2, issue 9).
 * Share: navigator.share, else copy the link ("Link copied"), else a prompt.
 * Feedback: "Was this helpful?" yes/no with an optional comment, kept in localStorage per page
 * (a second answer replaces the first) and recorded as a content interaction; no network call.
 */
import { shareLink } from './lib/clipboard.js';
import { hasFields, isBoolean, isDateString, isString, readStoredMap, writeStored } from './lib/storage.js';
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
const isEntry = hasFields<FeedbackEntry>({ helpful: isBoolean, comment: isString, at: isDateString });

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-feedback]')) {
  const key = form.dataset.feedback!;
  const status = form.querySelector<HTMLElement>('[data-feedback-status]')!;
  const controls = form.querySelector<HTMLElement>('[data-feedback-controls]')!;
  controls.hidden = false;
  const earlier = readStoredMap('feedback', isEntry)[key];
  if (earlier) status.textContent = `You answered ${earlier.helpful ? 'yes' : 'no'}. You can change your answer.`;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const choice = (form.elements.namedItem('helpful') as RadioNodeList).value;
    if (choice !== 'yes' && choice !== 'no') {
      status.textContent = 'Choose yes or no first.';
      return;
    }
    const comment = (form.elements.namedItem('comment') as HTMLTextAreaElement).value.trim().slice(0, 500);
    const store = readStoredMap('feedback', isEntry);
    store[key] = { helpful: choice === 'yes', comment, at: new Date().toISOString() };
    writeStored('feedback', store);
    record({ kind: 'interaction', interactionType: 'feedback', metadata: { helpful: choice === 'yes', hasComment: comment !== '' } });
    status.textContent = 'Thank you for your feedback.';
    showToast('Feedback saved', 'Thank you for your feedback.');
  });
}
