/** Plain text in the Markdown mirrors reads as the same words once rendered by a CommonMark reader
 * (markdown-it, as GitHub, pandoc and language-model chunkers read it), never as markup, in every
 * place the mirrors put it: a paragraph, a heading, a link's text, a list item followed by more text. */
import MarkdownIt from 'markdown-it';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markdownText } from '../../src/passes/markdown-text.js';
import { parseHtml } from '../helpers/html.js';

const test = suite('markdownText');
const md = new MarkdownIt();

/** The text as one line, as markdownText makes it. */
const oneLine = (text: string) => text.replace(/[ \t]*\r?\n[ \t]*/g, ' ').trim();

/** Each place the mirrors put plain text: the Markdown around it, and the element whose text a reader sees. */
const PLACES: { name: string; wrap: (text: string) => string; tag: string; inLink?: boolean }[] = [
  { name: 'a paragraph', wrap: (t) => t, tag: 'p' },
  { name: 'a heading', wrap: (t) => `# ${t}`, tag: 'h1' },
  { name: "a link's text", wrap: (t) => `- [${t}](https://example.org/x): notes`, tag: 'a', inLink: true },
  { name: 'a list item followed by more text', wrap: (t) => `1. ${t}, a source — a pinpoint`, tag: 'li' },
  { name: 'a quote', wrap: (t) => `> ${t}`, tag: 'blockquote' },
];

/** What a reader sees of `text` put in `place`, or a description of the markup it became. */
function shown(text: string, place: (typeof PLACES)[number]): string {
  const html = md.render(place.wrap(markdownText(text, { inLink: place.inLink })));
  const doc = parseHtml(html);
  const elements = doc.byTag(place.tag);
  const markup = doc.all.filter((e) => !['html', 'head', 'body', 'p', 'ol', 'ul', 'li', 'a', 'h1', 'blockquote'].includes(e.tagName));
  if (elements.length !== 1 || markup.length) return `markup: ${html}`;
  const seen = doc.text(elements[0]).replace(/\n/g, ' ').trim();
  return place.name === 'a list item followed by more text' ? seen.replace(/, a source — a pinpoint$/, '') : seen;
}

test('titles, references and definitions with markup characters read as written, wherever they go', () => {
  for (const text of [
    'R&D <Tools> & "Smart" Quotes, _x_ and *y* with `code`',
    'Ref & <Title> “q”',
    'A closing </p> and a comment <!-- c -->',
    'Compagnie Noga v Abacha [2002] EWCA Civ 1142',
    'Costs budgets [draft #', 'Smith] v Jones', 'Folder C:\\Users\\', 'Costs #', 'about ~5 days, not ~~struck~~ nor ~this~',
    '__init__ and s_1 and snake_case_name',
    '1. not a list', '2) nor this', '# not a heading', '- not an item', '+ nor this', '> not a quote', '= not a rule',
    '[a](b) is not a link, nor [a][b], nor [a]: b',
    '&copy; and &#169; stay entities spelled out; AT&T stays',
    'C:\\path\\ and a \\[ and a \\',
    'Zoë’s <Rule> & “Art. 5”, s_1 *star*',
    'A summary over\n# two lines\n1. and three',
  ]) for (const place of PLACES) assert.is(shown(text, place), oneLine(text), `${JSON.stringify(text)} in ${place.name}`);
});

test('random strings of markup characters read as written, wherever they go', () => {
  const alphabet = 'ab _*`<>[]()&;#!-+.=1\\:/~~|\t\n';
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 3000; i++) {
    let text = '';
    const length = 1 + Math.floor(random() * 12);
    for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)];
    // Runs of spaces fold in HTML text; the reader sees one.
    text = oneLine(text).replace(/[ \t]{2,}/g, ' ');
    if (!text) continue;
    for (const place of PLACES) assert.is(shown(text, place), text, `${JSON.stringify(text)} in ${place.name}`);
  }
});

test.run();
