/** Downloadable templates: a file that cannot be read when its turn comes (removed after the folder
 * was listed, a permission, a disk error) is a located error, never a crash. */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { toTemplates } from '../../src/load/normalize.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('templates');

test('a template file that cannot be read is reported at its path and left out', () => {
  const dir = tempDir();
  const diagnostics: Diagnostic[] = [];
  const gone = path.join(dir, 'templates', 'gone.csv');
  const templates = toTemplates(undefined, [gone], path.join(dir, 'templates'), (abs) => path.relative(dir, abs), diagnostics);
  assert.equal(templates, []);
  assert.is(diagnostics.length, 1);
  assert.is(diagnostics[0].rule, 'unreadable-file');
  assert.is(diagnostics[0].file, 'templates/gone.csv');
  assert.match(diagnostics[0].message, /could not be read \(ENOENT\)/);
});

test.run();
