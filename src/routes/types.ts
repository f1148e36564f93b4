/** Route shapes: an HTML page (template name + props + metadata), a reference to a page built from
 * small inputs where it is rendered (page-families.ts), a file with its bytes, or a file joined
 * from other files. */
import type { Term } from '../model.js';
import type { Neighbours } from '../passes/site-order.js';
import type { LinkedItem, PageMeta } from '../../templates/types.js';
import type { TemplateName } from '../../templates/pages/index.js';

export interface HtmlRoute {
  kind: 'html';
  /** The public URL path: extensionless, no trailing slash ("/" for home). */
  url: string;
  template: TemplateName;
  props: object;
  meta: PageMeta;
  /** What the page is made from, cheaper to take than its props and meta (which are then made when
   * first read): given it, the page is fingerprinted by it on the main thread, and an unchanged page
   * is neither built nor sent to a shard (emit-site.ts). */
  inputs?: () => string;
  /** For sitemaps: the date the page's content last changed. */
  lastmod?: string;
  /** Not listed in sitemaps (404, search). */
  unlisted?: boolean;
  /** What the page is about, for the analytics tracker (spec §5: interactions need a slug). */
  content?: { type: 'article' | 'glossary' | 'dataset' | 'page'; slug?: string };
  /** Set on a redirect (an address a page or file had before, e.g. a former slug's): the URL path
   * it sends readers to. The published manifest lists it as a redirect, not as a page. */
  redirectTo?: string;
}

/** What a page of one of the three large families is built from, where it is rendered (page-families.ts). */
export type FamilyInput =
  /** Made with the article's body, by the shard that renders it (engine/shard.ts loadArticles). */
  | { family: 'article'; neighbours: Neighbours; titles: [ref: string, title: string][] }
  | { family: 'term'; term: Term; node: number; backlinks: LinkedItem[]; sharedTags: LinkedItem[]; titles: [slug: string, title: string][] }
  | { family: 'recommendations'; node: number };

/** A page whose route is built where it is rendered, from `input` (page-families.ts). */
export interface PageRef {
  kind: 'page';
  url: string;
  template: TemplateName;
  lastmod?: string;
  unlisted?: boolean;
  /** Made when first read, for a page whose input has a key (`keyed`). */
  input: FamilyInput;
  /** A key of `input` taken without making it (the same key, the same input), when there is one:
   * a term page's, from the backlinks' key and the term (page-families.ts termPageRef). A rebuild
   * sends a shard the key alone, and the input only for a page whose fingerprint changed. */
  keyed?: KeyedInput;
}

/** A family page's input named by its key (PageRef.keyed), with what the shard needs without it. */
export interface KeyedInput {
  family: 'term';
  node: number;
  key: string;
}

export type FileBody = string | Uint8Array;

export interface FileRoute {
  kind: 'file';
  /** The public URL path, e.g. /articles/index.json or the extensionless /feeds/rss. */
  url: string;
  /** The bytes, or how to make them: a large site's big files (a 50 MB knowledge graph) are made
   * when written, one at a time, so they never all sit in memory together. */
  body: FileBody | (() => FileBody);
  /** For a body made on demand: what it is made from, cheaper to take than the body itself. When
   * given, the file is fingerprinted by it, and an unchanged file is not even made. */
  inputs?: () => string;
  /** For a file of one row per article (the article exports): the same bytes as `body`, in rows, so
   * that a rebuild makes only the rows whose key changed (engine/file-rows.ts). */
  rows?: FileRows;
  /** The Content-Type to serve it with. */
  type: string;
  /** Where it goes in dist/ when the URL alone does not say (e.g. `_headers`, which has no extension). */
  file?: string;
  /** Set on a redirect (an address a file had before, e.g. a former slug's JSON mirror): the URL
   * path it sends readers to. The published manifest lists it as a redirect, not as a file. */
  redirectTo?: string;
}

/**
 * A file as a head, one row per item and a tail, the rows joined by a separator: `body` is exactly
 * head() + every row(i) joined by `separator` + tail(). A row is made from what its key names and
 * nothing else (the same key, the same bytes), so a rebuild copies the bytes of every row whose key
 * it already wrote. With no rows, the file is made from `body`.
 */
export interface FileRows {
  /** Each row's key, in order. */
  keys: readonly string[];
  row(i: number): string;
  head(): string;
  separator: string;
  tail(): string;
}

/** A file made by joining other outputs of the same build, by URL, in order (llms-full.txt): built
 * from those files as written, so the parts never need to be held in memory together. Parts are
 * files whose path is their URL (they have an extension). */
export interface JoinedRoute {
  kind: 'joined';
  url: string;
  parts: string[];
  separator: string;
  type: string;
}

export type Route = HtmlRoute | PageRef | FileRoute | JoinedRoute;

/** A file route's bytes, made now if they are made on demand. */
export const fileBody = (route: FileRoute): FileBody => (typeof route.body === 'function' ? route.body() : route.body);

/** Where a route's bytes live in dist/: HTML routes as `{path}.html` so static hosts and `serve`
 * answer extensionless URLs; extensionless files get the extension of their type. */
export function outputPath(route: Route): string {
  if (route.kind === 'html' || route.kind === 'page') return route.url === '/' ? 'index.html' : route.url === '/404' ? '404.html' : `${route.url.slice(1)}.html`;
  if (route.kind === 'file' && route.file) return route.file;
  const rel = route.url.slice(1);
  if (/\.[a-z0-9]+$/i.test(rel)) return rel;
  return `${rel}${EXTENSION_FOR_TYPE[route.type.split(';')[0]] ?? ''}`;
}

const EXTENSION_FOR_TYPE: Record<string, string> = {
  'application/rss+xml': '.xml',
  'application/atom+xml': '.xml',
  'application/xml': '.xml',
  'application/json': '.json',
  'text/plain': '.txt',
};
