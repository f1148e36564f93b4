/**
 * What site files are made from, to fingerprint a file without making it (FileRoute.inputs,
 * emit-site.ts): every article's fields by their hash (ArticleDigest.metaKey), in site order, every
 * article's glossary mentions by theirs (BodyDigest.mentionsKey), and every term as it is. A file
 * whose inputs are these (and the config) is made again only when one of them changed: after an
 * edit to an article's body, most site files are not. Each is given as a hash of what it covers,
 * worked out once per build however many files use it: at 50,000 articles and 10,000 terms the
 * terms alone are megabytes of JSON, which a dozen files' inputs each copied and hashed again.
 */
import { hashOf } from '../hash.js';
import type { OrderedSite } from '../pipeline.js';

export interface FileInputs {
  /** A hash of every article's fields, in site order. */
  articles(): string;
  /** A hash of every article's glossary mentions, in site order. */
  mentions(): string;
  /** A hash of every term. */
  terms(): string;
}

/** By the site's metaKeys, which every later stage of a build's site (a copy with more added) shares. */
const made = new WeakMap<Map<string, string>, FileInputs>();

export function fileInputs(site: OrderedSite): FileInputs {
  let inputs = made.get(site.metaKeys);
  if (!inputs) {
    let articles: string | undefined;
    let mentions: string | undefined;
    let terms: string | undefined;
    inputs = {
      articles: () => (articles ??= hashOf('articles', site.articles.map((a) => site.metaKeys.get(a.slug)!).join(','))),
      mentions: () => (mentions ??= hashOf('mentions', site.articles.map((a) => site.bodies.get(a.slug)!.mentionsKey).join(','))),
      terms: () => (terms ??= hashOf('terms', JSON.stringify(site.terms))),
    };
    made.set(site.metaKeys, inputs);
  }
  return inputs;
}

/** What many files share, worked out and hashed once however many files ask (the parts of a split
 * file: fifty article lists or twenty graph parts would otherwise each serialise the same megabytes). */
export function sharedInputs(make: () => string): () => string {
  let digest: string | undefined;
  return () => (digest ??= hashOf(make()));
}
