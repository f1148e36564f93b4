/** "/" or Ctrl/⌘-K focuses the site search: the search box on /search, else goes to /search. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

document.addEventListener('keydown', (e) => {
  const shortcut = (e.key === '/' && !isTyping(e.target)) || (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey));
  if (!shortcut) return;
  e.preventDefault();
  const box = document.getElementById('site-search') as HTMLInputElement | null;
  if (box) box.focus();
  else location.assign('/search');
});
