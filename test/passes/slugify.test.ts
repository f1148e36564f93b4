import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSlugger, slugify } from '../../src/passes/slugify.js';

const test = suite('slugify');

test('lowercases and turns runs of non-alphanumerics into one hyphen', () => {
  assert.is(slugify('Chain of Custody'), 'chain-of-custody');
  assert.is(slugify('Chronology (legal)'), 'chronology-legal');
  assert.is(slugify('  Rule 502(d) order  '), 'rule-502-d-order');
});

test('drops accents instead of the letters that carry them', () => {
  assert.is(slugify('Résumé of précis'), 'resume-of-precis');
});

test('a slugger makes repeated headings unique and avoids reserved ids', () => {
  const next = createSlugger(['answer']);
  assert.is(next('Overview'), 'overview');
  assert.is(next('Overview'), 'overview-2');
  assert.is(next('Answer'), 'answer-2');
  assert.is(next('!!!'), 'section');
});

test.run();
