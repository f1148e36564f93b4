/** Hydrates every marker of one island with the props serialised beside it. Browser-only. */
import type { FunctionComponent } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIslands<P extends object>(name: string, Component: FunctionComponent<P>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const propsEl = el.nextElementSibling;
    let props = {} as P;
    try {
      props = JSON.parse(propsEl?.getAttribute('data-island-props') === name ? propsEl.textContent ?? '{}' : '{}') as P;
    } catch {
      console.warn(`legalsite: could not read the props of island ${name}`);
    }
    hydrateRoot(el, <Component {...props} />);
  }
}
