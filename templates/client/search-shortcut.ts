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
  // The search form stays hidden until its island has run; a shortcut pressed before that (only
  // possible with JavaScript on) shows it at once.
  box?.closest<HTMLElement>('form[hidden]')?.removeAttribute('hidden');
  if (box) box.focus();
  else location.assign('/search');
});
