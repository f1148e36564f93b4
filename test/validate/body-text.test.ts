/** A Markdown body's text a reader must never see (validate/body-text.ts): each problem at its line
 * and column; what code shows as written, and Markdown legalsite reads, is no problem. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bodyTextProblems } from '../../src/validate/body-text.js';

const test = suite('body text');

const problems = (body: string) => bodyTextProblems('content/articles/x.md', body, 10).map((d) => `${d.line}:${d.column} ${d.rule} ${d.message.slice(0, 30)}`);

test('each problem at its line and column, one per line', () => {
  const body = ['Before the d\uFFFDlai.', 'An \u001b escape.', 'Text <!-- a note -->', '[x](vbscript:msgbox) and [y](DATA:text/html,hi)', 'A claim.[^7]', '<<<<<<< HEAD', 'Mine.', '=======', 'Theirs.', '>>>>>>> feature'].join('\n');
  assert.equal(problems(body), [
    '10:13 invalid-encoding holds the replacement characte',
    '11:4 invalid-format holds an invisible control cha',
    '12:6 unsupported-markdown is an HTML comment, which lega',
    '13:5 unsafe-url links to a vbscript: address, ',
    '14:9 unsupported-markdown is a footnote marker ([^7]), w',
    '15:1 invalid-format holds a merge conflict marker ',
    '19:1 invalid-format holds a merge conflict marker ',
  ]);
});

test('a body with nothing but blank lines is empty, at its first line; one word is enough', () => {
  // Nothing after the front matter: at its closing line, the file's last.
  assert.equal(problems(''), ['9:1 empty-body is empty: there is no text bel']);
  assert.equal(problems('\n  \n\t\n'), ['10:1 empty-body is empty: there is no text bel']);
  assert.equal(problems('\nWords.\n'), []);
});

test('code shows its text as written: a fenced block or a code span holds comments, links and markers freely', () => {
  const body = ['Write `<!--` to open a comment, and `[a](javascript:x)` or `[^1]` as code.', '', '```html', '<!-- kept -->', '<<<<<<< HEAD', ':::danger', '```', '', '~~~', '[x](file:///etc/passwd)', '~~~'].join('\n');
  assert.equal(problems(body), []);
});

test('callouts: the three kinds, with titles, closed, are fine; an unknown kind and an unclosed one are not', () => {
  assert.equal(problems([':::tip', 'A tip.', ':::', '', '::: warning Deadline', 'File by Friday.', ':::', '', ':::note', 'Outer.', ':::'].join('\n')), []);
  assert.equal(problems([':::danger', 'Careful.', ':::', '', ':::note Later', 'Text.', '', '## Heading'].join('\n')), [
    '10:1 unsupported-markdown is a callout of a kind legalsi',
    '14:1 unsupported-markdown opens a :::note callout that i',
  ]);
});

test('a callout in a fenced block is code, whether or not the body holds anything else to check', () => {
  assert.equal(problems(['```markdown', ':::danger', '```', '', ':::tip', 'A tip.', ':::'].join('\n')), []);
  assert.equal(problems(['~~~', ':::note', '~~~', '', ':::warning', 'Unclosed.'].join('\n')), ['14:1 unsupported-markdown opens a :::warning callout tha']);
});

test('a footnote marker whose note is defined is left to the note\'s own error; https and site links are fine', () => {
  assert.equal(problems(['A claim.[^1] See [the rule](https://www.law.cornell.edu/rules/frcp/rule_26) and [a term](/glossary/hash-value).', '', '[^1]: The note.'].join('\n')), []);
});

test.run();
