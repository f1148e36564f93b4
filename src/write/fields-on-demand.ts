/**
 * Objects some of whose fields are read when first asked for: a loaded digest's FAQ, takeaways,
 * references, mentions and words stay in the cache file until a pass reads them (disk-cache.ts).
 *
 * A copy of the object stands in for it, with its fields in the same order and the deferred ones as
 * enumerable getters, so copies of it (JSON, structured clone, spreading) hold them as before. Every
 * pass of a rebuild reads these objects, so they must keep V8's fast properties and share one hidden
 * class. Getters put in place of the fields make the object a dictionary; a closure per copy gives
 * each copy a class of its own (docs/performance-log.md). So each key list gets a constructor compiled
 * once, with a named store per plain field and one shared getter per deferred field, which finds
 * its copy's reader in `readers`. It makes a copy in under half the time that defining each field
 * with Object.defineProperty did (2.1–3.4 µs against 5.3–6.8 µs, 20 fields, 30,000 copies).
 */

type Reader = () => object;
type Copier = new (value: object) => object;

const readers = new WeakMap<object, Reader>();
const getters = new Map<string, PropertyDescriptor>();
/** By the list of deferred fields (a caller's constant), the copiers made for each key list, the
 * last used first: a cache's digests share a few key lists, so the first is nearly always the one. */
const copiers = new WeakMap<readonly PropertyKey[], { keys: string[]; copier: Copier }[]>();

/** `value` with `fields` (placeholders in it) read by `read` when first asked for, or (`now`) at once.
 * `fields` must be one array for all the objects of a kind (a constant): the copiers are kept by it,
 * and copies made with two arrays of the same names would not share their hidden class. */
export function readOnDemand<T extends object, K extends keyof T>(value: T, fields: readonly K[], read: () => Pick<T, K>, now = false): T {
  if (now) {
    const values = read();
    for (const f of fields) (value as Record<K, unknown>)[f] = values[f];
    return value;
  }
  const copy = new (copierFor(Object.keys(value), fields as readonly PropertyKey[]))(value);
  readers.set(copy, read as Reader);
  return copy as T;
}

/** The constructor of copies of objects with these keys, in this order. Found by comparing key
 * lists, not by joining them into an id: that was a tenth of the time of loading a cache. */
function copierFor(keys: string[], deferred: readonly PropertyKey[]): Copier {
  let known = copiers.get(deferred);
  if (!known) copiers.set(deferred, (known = []));
  for (let i = 0; i < known.length; i++) {
    const entry = known[i];
    if (!sameKeys(entry.keys, keys)) continue;
    if (i > 0) known.unshift(...known.splice(i, 1));
    return entry.copier;
  }
  // A "__proto__" key would set the copy's prototype if stored: such an object (only a damaged
  // cache could hold one) is copied field by field instead.
  const copier = keys.includes('__proto__') ? fieldByField(keys, deferred) : compiled(keys, deferred);
  known.unshift({ keys, copier });
  return copier;
}

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A constructor with a named store per plain field (keys written as string literals, which
 * JSON.stringify makes of any string) and the shared getter of each deferred one. Its copies are
 * plain objects (Object.prototype), as deserialized ones are. */
function compiled(keys: string[], deferred: readonly PropertyKey[]): Copier {
  const lines = keys.map((k) => (deferred.includes(k) ? `define(this, ${JSON.stringify(k)}, descriptors[${JSON.stringify(k)}]);` : `this[${JSON.stringify(k)}] = value[${JSON.stringify(k)}];`));
  const descriptors = Object.fromEntries(keys.filter((k) => deferred.includes(k)).map((k) => [k, getterOf(k)]));
  const make = new Function('define', 'descriptors', `return function Copy(value) {\n${lines.join('\n')}\n};`) as (define: typeof Object.defineProperty, d: object) => Copier;
  const copier = make(Object.defineProperty, descriptors);
  copier.prototype = Object.prototype;
  return copier;
}

/** The getter of a deferred field: one per field name, for every copy. */
function getterOf(field: string): PropertyDescriptor {
  let descriptor = getters.get(field);
  if (!descriptor) {
    const get = function (this: object) {
      return (readers.get(this)!() as Record<string, unknown>)[field];
    };
    descriptor = { get, enumerable: true, configurable: true };
    getters.set(field, descriptor);
  }
  return descriptor;
}

/** The slow copier, for keys that cannot be stored by name. */
function fieldByField(keys: string[], deferred: readonly PropertyKey[]): Copier {
  const copier = function Copy(this: object, value: object) {
    for (const k of keys) {
      Object.defineProperty(this, k, deferred.includes(k) ? getterOf(k) : { value: (value as Record<string, unknown>)[k], writable: true, enumerable: true, configurable: true });
    }
  } as unknown as Copier;
  copier.prototype = Object.prototype;
  return copier;
}
