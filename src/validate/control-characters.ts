/**
 * Invisible control characters in the text of a YAML file or front matter: a line break pasted from
 * Word (U+000B), a form feed, an escape, a C1 control from text decoded with the wrong code page, a
 * lone half of a surrogate pair or a non-character. None is something an editor meant to publish,
 * and XML 1.0 forbids most of them: one in one article's summary made every RSS and Atom feed
 * unreadable to strict parsers (found by an output sweep). Tab, line feed and carriage return are
 * text. Each is an error at its field, with the character's code, so it can be found and deleted.
 * Reads: a source's data. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { type FieldPath, formatFieldPath } from '../load/field-path.js';
import type { YamlSource } from '../load/yaml-source.js';

/** C0 controls but tab, LF and CR; DEL and the C1 controls; U+FFFD, U+FFFE and U+FFFF; unpaired surrogates. */
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFD\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NAMES: Record<number, string> = { 0x0b: 'a vertical tab, as Word writes a manual line break', 0x0c: 'a form feed, as a page break pasted from a PDF', 0x1b: 'an escape', 0x00: 'a NUL' };

/** U+FFFD stands where a decoder met bytes that are not UTF-8: a file saved as Windows-1252 or
 * Latin-1, every "é" and curly quote of which would be published as "�". */
export const REPLACEMENT_MESSAGE = 'holds the replacement character "�" (U+FFFD): the file is not valid UTF-8 (saved as Windows-1252 or Latin-1), or the text was pasted from a damaged copy';
export const REPLACEMENT_HINT = 'Save the file as UTF-8 (in VS Code: click the encoding in the status bar, "Save with Encoding", UTF-8) and retype each "�".';

/** A character's code point as Unicode writes it: U+000B. */
export const codePointLabel = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first control character in `text`, or undefined. */
export function controlCharacterIn(text: string): { index: number; code: number } | undefined {
  const m = CONTROL.exec(text);
  return m ? { index: m.index, code: m[0].charCodeAt(0) } : undefined;
}

/** One diagnostic per string value of `source` (keys included) that holds a control character. Run
 * on every article: the path is one stack, copied only for a problem. */
export function controlCharacterProblems(source: YamlSource): Diagnostic[] {
  const out: Diagnostic[] = [];
  const path: (string | number)[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const found = controlCharacterIn(value);
      if (found) out.push(problem(source, [...path], value, found));
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i]);
        path.pop();
      }
    } else if (value && typeof value === 'object' && !(value instanceof Date)) {
      for (const k in value) {
        path.push(k);
        const found = controlCharacterIn(k);
        if (found) out.push(problem(source, [...path], k, found, true));
        else visit((value as Record<string, unknown>)[k]);
        path.pop();
      }
    }
  };
  visit(source.data);
  return out;
}

function problem(source: YamlSource, path: FieldPath, text: string, found: { index: number; code: number }, key = false): Diagnostic {
  const at = { file: source.file, ...source.locate(path, key) };
  if (found.code === 0xfffd) return diagnostic('invalid-encoding', at, formatFieldPath(path) || '(file)', REPLACEMENT_MESSAGE, REPLACEMENT_HINT);
  const code = codePointLabel(found.code);
  const what = NAMES[found.code] ? `${code}, ${NAMES[found.code]}` : code;
  const before = text.slice(Math.max(0, found.index - 24), found.index).replace(/\s+/g, ' ');
  // Words quoted from an address with a password would print it in a CI log.
  const secret = /[a-z][a-z0-9+.-]*:\/\/[^\s/?#]*@/i.test(text.slice(0, found.index));
  const where = found.index === 0 ? 'at its start' : secret ? 'after an address holding a user name or password (not shown)' : `after ${JSON.stringify(before)}`;
  return diagnostic('invalid-format', at, formatFieldPath(path) || '(file)', `holds an invisible control character (${what}) ${where}: feeds, sitemaps and other XML files cannot carry it`, 'Delete the character (retype the text around it), or use a plain line break.');
}
