/** Copy and share with the spec's fallbacks: clipboard, else a prompt; share, else copy the link. */
import { showToast } from './toast.js';

/** Copies `text`; when the clipboard API is missing or refused, shows a prompt with the text. */
export async function copyText(text: string, toast: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(toast);
    return true;
  } catch {
    window.prompt('Copy this text:', text);
    return false;
  }
}

/** navigator.share where present; else copy the link ("Link copied"); else a prompt with it. */
export async function shareLink(url: string, title: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return; // the reader closed the share sheet
    }
  }
  await copyText(url, 'Link copied');
}
