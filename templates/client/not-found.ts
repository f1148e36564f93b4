/**
 * The 404 page (spec §2, §8): logs the attempted path to the console, and where the path names a
 * missing glossary term, dataset or recommendation page, says so with the spec's texts.
 */
const attempted = location.pathname;
console.info(`legalsite: 404 for ${attempted}`);
const kind = /^\/glossary\/[^/]+$/.test(attempted) ? 'term' : /^\/datasets\/[^/]+$/.test(attempted) ? 'dataset' : /^\/recommendations\/(article|term)\/[^/]+$/.test(attempted) ? 'recommendations' : /^\/articles\/[^/]+$/.test(attempted) ? 'article' : undefined;
const message = kind ? document.querySelector<HTMLElement>(`[data-not-found-kind="${kind}"]`) : null;
if (message) message.hidden = false;
