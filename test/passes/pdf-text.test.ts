/** The generated PDF prints what its Markdown source says: inline marks go, the words (and each
 * underscore of a URL) stay, and a character its fonts cannot show is found before it is printed. */
import { createRequire } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markdownToPdf } from '../../src/passes/generated-templates.js';
import { pdfInlineText, printableInPdf, unprintableInPdf } from '../../src/passes/pdf-text.js';
import { makeConfig } from '../helpers/make-site.js';
import { pdfText } from '../helpers/pdf-text.js';

const test = suite('pdf text');
const ABA = 'https://www.americanbar.org/groups/professional_responsibility/publications/model_rules_of_professional_conduct/rule_1_1_competence/comment_on_rule_1_1/';

test('inline Markdown becomes the words a reader sees, underscores of words and URLs kept', () => {
  assert.is(pdfInlineText(`Rule 1.1, comment 8: ${ABA}`), `Rule 1.1, comment 8: ${ABA}`);
  assert.is(pdfInlineText('**Bold**, *em*, _em_ and `log_id` in snake_case'), 'Bold, em, em and log_id in snake_case');
  assert.is(pdfInlineText('[the guide](https://example.org/a_b) and \\*literal\\* stars'), 'the guide and *literal* stars');
});

test('the PDF of a source with underscores prints them', async () => {
  const source = `# AI policy checklist\n\n## Sources\n\n- ABA Model Rule 1.1: ${ABA}\n- [ ] Record each \`log_id\` in the log.\n\nA paragraph with *emphasis* and “quotes” – and €5.\n`;
  const text = pdfText(await markdownToPdf(source, 'AI policy checklist', makeConfig())).replace(/\n/g, '');
  assert.ok(text.includes(ABA), `the URL is printed whole:\n${text}`);
  assert.ok(text.includes('Record each log_id in the log.'));
  assert.ok(text.includes('A paragraph with emphasis and “quotes” – and €5.'), 'typographic marks the fonts have are kept');
});

test('which characters the fonts show agrees with pdfkit\'s standard font', () => {
  const PDFDocument = createRequire(import.meta.url)('pdfkit');
  const doc = new PDFDocument();
  doc.font('Helvetica');
  const font = (doc._font as { font: { characterToGlyph(code: number): string } }).font;
  for (let code = 0; code <= 0x2fff; code++) {
    const char = String.fromCodePoint(code);
    // pdfkit puts a code below 256 where WinAnsi puts it: C0 and C1 controls land on glyphs by accident.
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    const expected = !control && font.characterToGlyph(code) !== '.notdef';
    assert.is(printableInPdf(char), expected, `U+${code.toString(16)} ${char}`);
  }
  assert.not.ok(printableInPdf('😀'));
});

test('the first character the fonts cannot show is found at its line and column', () => {
  assert.is(unprintableInPdf(`# Checklist\n\n- ${ABA}\n- café, “quoted”, €5 – fine\n`), undefined);
  assert.equal(unprintableInPdf('# Title\n\nAt most 5 ≤ copies → keep.\n'), { line: 3, column: 11, char: '≤' });
  assert.equal(unprintableInPdf('ok\n\tx 😀 y'), { line: 2, column: 4, char: '😀' });
  assert.equal(unprintableInPdf('\u0625\u0641'), { line: 1, column: 1, char: '\u0625' });
});

test.run();
