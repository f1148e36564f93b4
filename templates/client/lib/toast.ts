/** Toasts: short status messages in one polite live region, removed after a few seconds. */
export function showToast(title: string, description?: string, variant: 'default' | 'destructive' = 'default'): void {
  if (typeof document === 'undefined') return;
  let region = document.getElementById('toasts');
  if (!region) {
    region = document.createElement('div');
    region.id = 'toasts';
    region.className = 'toasts';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.appendChild(region);
  }
  const toast = document.createElement('div');
  toast.className = `toast toast-${variant}`;
  const strong = document.createElement('strong');
  strong.textContent = title;
  toast.appendChild(strong);
  if (description) {
    const p = document.createElement('p');
    p.textContent = description;
    toast.appendChild(p);
  }
  region.appendChild(toast);
  setTimeout(() => toast.remove(), 4000);
}
