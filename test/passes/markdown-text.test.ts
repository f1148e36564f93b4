/** Plain text in the Markdown mirrors reads as the same words once rendered by a CommonMark reader
 * (markdown-it, as GitHub, pandoc and language-model chunkers read it), never as markup. */
import MarkdownIt from 'markdown-it';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markdownText } from '../../src/passes/markdown-text.js';

const test = suite('markdownText');
const md = new MarkdownIt();

/** The text a reader sees when `markdown` is rendered as a paragraph, or undefined if it is not one. */
function shownText(markdown: string): string | undefined {
  const html = md.render(markdown);
  if (!html.startsWith('<p>') || html.indexOf('<p>', 1) !== -1) return undefined;
  if (/<(?!\/?p>)[a-z!/?]/i.test(html)) return undefined;
  return html.slice(3, -5).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

test('titles, references and definitions with markup characters read as written', () => {
  for (const text of [
    'R&D <Tools> & "Smart" Quotes, _x_ and *y* with `code`',
    'Ref & <Title> “q”',
    'A closing </p> and a comment <!-- c -->',
    'Compagnie Noga v Abacha [2002] EWCA Civ 1142',
    '__init__ and s_1 and snake_case_name',
    '1. not a list', '2) nor this', '# not a heading', '- not an item', '+ nor this', '> not a quote', '= not a rule',
    '[a](b) is not a link, nor [a][b], nor [a]: b',
    '&copy; and &#169; stay entities spelled out; AT&T stays',
    'C:\\path\\ and a \\[ and a \\',
    'Zoë’s <Rule> & “Art. 5”, s_1 *star*',
    'about ~5 days, not ~~struck~~',
  ]) assert.is(shownText(markdownText(text)), text, text);
});

test('random strings of markup characters read as written', () => {
  const alphabet = 'ab _*`<>[]()&;#!-+.=1\\:/~~|';
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 5000; i++) {
    let text = '';
    const length = 1 + Math.floor(random() * 12);
    for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)];
    text = text.trim().replace(/ {2,}/g, ' ');
    if (!text) continue;
    assert.is(shownText(markdownText(text)), text, JSON.stringify(text));
  }
});

test.run();
