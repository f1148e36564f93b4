/** The fragment check's reading of a link (validate/fragment-links.ts): escapes decoded as a browser
 * does, a query and a trailing "#" ignored, `#top` taken as the page's top, files left alone. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkFragmentLinks } from '../../src/validate/fragment-links.js';

const test = suite('fragment links');

const PAGES = new Map<string, Set<string>>([
  ['/articles/x', new Set(['café', 'x-p001', 'x-p002', 'x-p010', 'faq'])],
  ['/about', new Set(['main'])],
]);
const broken = (...hrefs: string[]) =>
  checkFragmentLinks([{ file: 'content/articles/x.md', field: 'body', pageUrl: '/articles/x', links: hrefs.map((href, i) => ({ href, line: i + 1 })) }], (p) => PAGES.get(p)).map((d) => d.line);

test('links that land, or that name no page of the site, are not reported', () => {
  assert.equal(broken('#caf%C3%A9', '/articles/x?ref=1#faq', '#TOP', '/articles/x#', '/articles/x.json#nope', 'https://example.org/#nope', '/about#main', '#x-p010'), []);
});

test('an id the page lacks is reported at its line; a malformed escape too, never thrown', () => {
  assert.equal(broken('#faq', '#nope', '/about#x-p001', '#%zz', '/articles/x#x-p011'), [2, 3, 4, 5]);
});

test('a missing paragraph is told the range of the page\'s paragraphs, numbers compared as numbers', () => {
  const [d] = checkFragmentLinks([{ file: 'f.md', links: [{ href: '/articles/x#x-p1000', line: 3 }] }], (p) => PAGES.get(p));
  assert.match(d.hint!, /run from #x-p001 to #x-p010/);
  assert.not.match(d.hint!, /did you mean/i);
});

test.run();
