/**
 * A redirect page (a renamed article or term's former address, issue 17): goes to the new address at
 * once, keeping the query and the fragment, so a citation of one paragraph (`#…-p014`) still lands on
 * it. Without JavaScript the page's meta refresh goes there instead (a refresh cannot carry the
 * fragment); hosts that read `_redirects` answer with a 301 before this page is ever sent.
 */
const target = document.querySelector<HTMLAnchorElement>('a[data-redirect-target]')?.getAttribute('href');
if (target) location.replace(`${target}${location.search}${location.hash}`);
