/**
 * ajv's standalone code for every entity schema, kept in a cache folder between processes: compiling
 * the schemas took 50 ms of every build's main thread (and 30 ms of each worker thread's start),
 * loading their compiled code takes about one. The file is named by a hash of everything the code is
 * made from (ajv's version, its options, the formats' definitions, the schemas), so code made from other
 * schemas or another ajv is never loaded; a missing, unreadable or unwritable file only means the
 * schemas are compiled as before.
 * Reads and writes: node_modules/.cache/legalsite/validators/<hash>.cjs (one: making it removes the
 * others).
 */
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { _, type Ajv, type ValidateFunction } from 'ajv';
// Imported, not required: in the bundle (scripts/bundle-lib.mjs) a required copy of ajv's code
// generator would be a second copy of ajv, which takes the bundled ajv's code for plain objects and
// writes them out as JSON, making a file that never loads (every build then compiled every schema
// on every thread, and wrote the file again).
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { hashOf } from '../hash.js';
import { toolCacheDir } from '../package-root.js';

const require = createRequire(import.meta.url);
// ajv's module is CommonJS, and Node and the bundle alike give its exports as the default import:
// the function, whose `default` ajv sets to the function itself (and which TypeScript's types name).
const standaloneCode = standaloneCodeModule.default;
/** How the generated code asks for the formats (they are functions of legalsite, not of ajv). */
const FORMATS_MODULE = 'legalsite:formats';

export interface StandaloneSource {
  ajvOptions: object;
  formats: Record<string, { type: 'string'; validate: (s: string) => boolean }>;
  schemas: Record<string, object>;
}

/**
 * The name of the code made from `source`. A format enters it by its definition with its function
 * named only by kind, not by its code: the code calls the formats it is given when loaded
 * (`require('legalsite:formats')`), and each bundle of legalsite spells the same function's code
 * its own way (esbuild renames what two modules both name), so a key made from the code gave a
 * shard a name the main thread never makes.
 */
export function standaloneKey(source: StandaloneSource): string {
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  const formats = Object.entries(source.formats).map(([name, f]) => `${name}:${JSON.stringify({ ...f, validate: typeof f.validate })}`);
  return hashOf('ajv-standalone', ajvVersion, FORMATS_MODULE, JSON.stringify(source.ajvOptions), ...formats, JSON.stringify(source.schemas)).slice(0, 24);
}

const fileOf = (dir: string, key: string) => path.join(dir, `${key}.cjs`);

/** Where the code is kept (package-root.ts toolCacheDir); undefined when there is no node_modules
 * (the schemas are compiled every time). */
export const validatorCacheDir = (packageRoot: string): string | undefined => toolCacheDir(packageRoot, 'validators');

/** Whether code can be kept in `dir`: it, or the nearest folder above it that exists, is writable
 * (a read-only install loads code made there before, but makes none: that would cost every run). */
export function canKeepIn(dir: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(at)) {
      try {
        accessSync(at, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    }
    if (path.dirname(at) === at) return false;
  }
}

/** The validators kept under `key`, or undefined when there are none to load. */
export function loadStandalone(dir: string, key: string, formats: StandaloneSource['formats']): Record<string, ValidateFunction> | undefined {
  let code: string;
  try {
    code = readFileSync(fileOf(dir, key), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const module = { exports: {} as Record<string, ValidateFunction> };
    const requireFor = (id: string) => (id === FORMATS_MODULE ? formats : require(id));
    // The file is code legalsite generated (ajv standalone, CommonJS) under this very key.
    new Function('require', 'module', 'exports', code)(requireFor, module, module.exports);
    return module.exports;
  } catch {
    return undefined;
  }
}

/** The options ajv needs to generate standalone code with legalsite's formats. */
export const standaloneCodeOptions = { source: true, formats: _`require(${FORMATS_MODULE})` };

/** Writes the standalone code of every schema `ajv` holds (added under their ids) to the cache. */
export function saveStandalone(dir: string, key: string, ajv: Ajv, ids: string[]): void {
  const temp = `${fileOf(dir, key)}.${process.pid}.tmp`;
  try {
    const code = standaloneCode(ajv, Object.fromEntries(ids.map((id) => [id, id])));
    mkdirSync(dir, { recursive: true });
    writeFileSync(temp, code);
    renameSync(temp, fileOf(dir, key));
  } catch {
    // A cache is an optimisation: the schemas are compiled again next time. A part written (a full
    // disk) is not left behind.
    removeIfAllowed(temp);
    return;
  }
  // Code made from other schemas or another ajv is never loaded again once this is made (a process
  // still running an older legalsite that needs it only compiles its schemas).
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // A folder that may be written but not listed: nothing is removed.
  }
  for (const name of names) {
    if (/^[0-9a-f]{24}\.cjs$/.test(name) && name !== path.basename(fileOf(dir, key))) removeIfAllowed(path.join(dir, name));
  }
}

/** Removes `file` when it may: one that cannot be removed (another user's) is left where it was. */
function removeIfAllowed(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Left as it is: it is only never read.
  }
}
