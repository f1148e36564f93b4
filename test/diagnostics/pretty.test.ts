/** The pretty reporter keeps each diagnostic on its one line, whatever a file is named. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { diagnostic } from '../../src/diagnostics/diagnostic.js';
import { formatDiagnosticLine } from '../../src/diagnostics/reporters/pretty.js';

const test = suite('pretty reporter');

test('a file name with a line break or a terminal escape is shown escaped, on one line', () => {
  const line = formatDiagnosticLine(diagnostic('invalid-file-name', { file: 'content/articles/new\nline\u001b[2J.md' }, '', 'the file name is not a slug'));
  assert.is(line.split('\n').length, 1);
  assert.ok(line.startsWith('content/articles/new\\nline\\x1b[2J.md:1:1  error  the file name is not a slug'), line);
});

test('a field with a control character is escaped; an ordinary diagnostic is unchanged', () => {
  assert.ok(formatDiagnosticLine(diagnostic('unknown-field', { file: 'content/site.yaml', line: 3 }, 'ti\u0007tle', 'is not a known field')).includes('ti\\x07tle is not a known field'));
  assert.is(formatDiagnosticLine(diagnostic('missing-field', { file: 'content/articles/a.md', line: 2, column: 1 }, 'title', 'is required', 'Add it.')), 'content/articles/a.md:2:1  error  title is required  (Add it.)');
});

test.run();
