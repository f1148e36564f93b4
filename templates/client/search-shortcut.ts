/**
 * "/" or Ctrl/⌘-K focuses the page's search box: the site search's on /search, the filter box of
 * /articles and /glossary (a box marked data-search-box, or one of these pages' own), else the
 * header's search box where there is one; on a page with none it opens /search, which focuses its
 * box as it loads.
 */
const BOXES = ['input[data-search-box]', '#site-search', '#article-search', '#glossary-search', '.site-header input[type="search"]'];

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

function searchBox(): HTMLInputElement | undefined {
  for (const selector of BOXES) {
    const box = document.querySelector<HTMLInputElement>(selector);
    if (box) return box;
  }
  return undefined;
}

document.addEventListener('keydown', (e) => {
  const shortcut = (e.key === '/' && !isTyping(e.target)) || (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey));
  if (!shortcut) return;
  e.preventDefault();
  const box = searchBox();
  if (!box) return location.assign('/search');
  // A box stays hidden until its script has run; a shortcut pressed before that shows it at once.
  box.closest<HTMLElement>('form[hidden]')?.removeAttribute('hidden');
  box.hidden = false;
  box.focus();
});
