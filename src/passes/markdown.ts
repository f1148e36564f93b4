/**
 * Markdown to HTML with markdown-it: CommonMark, GFM tables, and `:::tip` / `:::note` / `:::warning`
 * callout containers. Also lists every link in a body with its source line, for the link check.
 * Raw HTML in Markdown is not allowed (escaped), so content cannot smuggle scripts past the CSP.
 * The editor's no-link marker `[words]{.nolink}` (Pandoc's bracketed-span syntax, so other Markdown
 * tools read it too) becomes a span of class NO_LINK_CLASS, which the glossary-links pass keeps from
 * linking and then removes.
 */
import MarkdownIt from 'markdown-it';
import container from 'markdown-it-container';
import type { BodyLink } from '../model/article-digest.js';
import { useFastTokens } from './markdown-tokens.js';

/** The class of the no-link marker's span (removed again by the glossary-links pass). */
export const NO_LINK_CLASS = 'nolink';
const NO_LINK_MARKER = `{.${NO_LINK_CLASS}}`;
/** Block tags carry their source line in this attribute when renderMarkdown is asked for source lines. */
export const SOURCE_LINE_ATTR = 'data-source-line';

export const CALLOUT_KINDS = ['tip', 'note', 'warning'] as const;
const CALLOUT_LABELS: Record<(typeof CALLOUT_KINDS)[number], string> = { tip: 'Tip', note: 'Note', warning: 'Warning' };

/** The site's markdown-it: with `fastTokens` (the default), its tokens are made the faster way
 * markdown-tokens.ts describes, the same tokens either way (tests compare the two). */
export function createMarkdown(opts: { fastTokens?: boolean } = {}) {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  for (const kind of CALLOUT_KINDS) {
    md.use(container, kind, {
      render(tokens: any[], idx: number) {
        const token = tokens[idx];
        if (token.nesting !== 1) return '</aside>\n';
        const custom = token.info.trim().slice(kind.length).trim();
        const label = md.utils.escapeHtml(custom || CALLOUT_LABELS[kind]);
        return `<aside class="callout callout-${kind}" aria-label="${CALLOUT_LABELS[kind]}"><strong class="callout-title">${label}</strong>\n`;
      },
    });
  }
  md.inline.ruler.before('link', 'nolink', noLinkMarker);
  md.core.ruler.push('source_lines', (state: any) => {
    if (state.env?.sourceLines === undefined) return;
    for (const token of state.tokens) if (token.map && token.nesting === 1) token.attrSet(SOURCE_LINE_ATTR, String(state.env.sourceLines + token.map[0]));
  });
  if (opts.fastTokens ?? true) useFastTokens(md);
  return md;
}

/** `[words]{.nolink}`: the words, inline Markdown and all, inside a no-link span. */
function noLinkMarker(state: any, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
  const labelEnd: number = state.md.helpers.parseLinkLabel(state, state.pos, true);
  if (labelEnd < 0 || !state.src.startsWith(NO_LINK_MARKER, labelEnd + 1)) return false;
  if (!silent) {
    const max = state.posMax;
    state.push('nolink_open', 'span', 1).attrSet('class', NO_LINK_CLASS);
    state.pos += 1;
    state.posMax = labelEnd;
    state.md.inline.tokenize(state);
    state.posMax = max;
    state.push('nolink_close', 'span', -1);
  }
  state.pos = labelEnd + 1 + NO_LINK_MARKER.length;
  return true;
}

// markdown-it instances hold configuration only, no per-render state, so one can be shared.
const md = createMarkdown();

/** Plain text as HTML text: & < > " escaped (markdown-it's own escape, as its HTML has it). */
export const escapeHtml: (text: string) => string = md.utils.escapeHtml;

/** Renders a Markdown body and lists its links; `firstLine` is the file line of the body's line 1.
 * With `sourceLines`, block tags carry their file line (SOURCE_LINE_ATTR), for `check --list-links`. */
export function renderMarkdown(body: string, firstLine: number, opts: { sourceLines?: boolean } = {}): { html: string; links: BodyLink[] } {
  const env = opts.sourceLines ? { sourceLines: firstLine } : {};
  const tokens = md.parse(body, env);
  const links: BodyLink[] = [];
  const lineOf = sourceLines(body);
  // A table cell's text has no line of its own: its row's (the last block token with one) stands.
  let blockLine = 0;
  for (const token of tokens) {
    if (token.map) blockLine = token.map[0];
    if (token.type !== 'inline' || !token.children) continue;
    const first = blockLine;
    let from = 0;
    for (const href of linkTargets(token.children)) {
      const at = linkPlace(token.content, href, from, (k) => lineOf(first + k));
      if (at) from = at.end;
      links.push(at ? { href, line: firstLine + first + at.line, column: at.column } : { href, line: firstLine + first });
    }
  }
  return { html: md.renderer.render(tokens, md.options, env), links };
}

/** Line n (from 0) of `text`, its line starts found once the first line is asked for. */
function sourceLines(text: string): (n: number) => string {
  let starts: number[] | undefined;
  return (n) => {
    if (!starts) {
      starts = [0];
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    }
    const start = starts[n] ?? text.length;
    const end = n + 1 < starts.length ? starts[n + 1] - 1 : text.length;
    return text.slice(start, end);
  };
}

/**
 * Where a link's target is written in a block (its `content`, one line per source line, from
 * `from` on): the line within the block, the column in the source line (`rawLine(k)`, markers and
 * indent included), and where to look for the next one. Found by the target as written or as
 * markdown-it normalised it (`%20` for a space); undefined when neither is there (a reference
 * link's target is on its definition's line), and the block's line stands.
 */
function linkPlace(content: string, href: string, from: number, rawLine: (k: number) => string): { line: number; column: number; end: number } | undefined {
  for (const written of hrefSpellings(href)) {
    const index = content.indexOf(written, from);
    if (index === -1) continue;
    let line = 0;
    for (let at = content.indexOf('\n'); at !== -1 && at < index; at = content.indexOf('\n', at + 1)) line++;
    const inLine = index - (content.lastIndexOf('\n', index - 1) + 1);
    const raw = rawLine(line);
    // The block's line lost its indent and list or quote markers: the first match at or after the
    // same offset in the source line.
    const column = raw.indexOf(written, inLine);
    return { line, column: (column === -1 ? raw.indexOf(written) : column) + 1 || 1, end: index + written.length };
  }
  return undefined;
}

function hrefSpellings(href: string): string[] {
  if (!href) return [];
  try {
    const decoded = decodeURI(href);
    return decoded === href ? [href] : [href, decoded];
  } catch {
    return [href];
  }
}

/** The targets of the links and images among inline tokens. */
function linkTargets(tokens: { type: string; attrGet(name: string): string | number | null }[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    if (t.type === 'link_open') out.push(String(t.attrGet('href') ?? ''));
    if (t.type === 'image') out.push(String(t.attrGet('src') ?? ''));
  }
  return out;
}

/** Renders one line of inline Markdown (answers, takeaways, FAQ answers) to HTML; adds the targets
 * of its links to `hrefs` when given (markdown-it's renderInline, with the tokens read between). */
export function renderInline(text: string, hrefs?: string[]): string {
  const env = {};
  const tokens = md.parseInline(text, env);
  if (hrefs) for (const t of tokens) hrefs.push(...linkTargets(t.children ?? []));
  return md.renderer.render(tokens, md.options, env);
}

/** Renders a Markdown fragment that may hold paragraphs (FAQ answers, editorial notes); adds the
 * targets of its links to `hrefs` when given. */
export function renderBlock(text: string, hrefs?: string[]): string {
  const env = {};
  const tokens = md.parse(text, env);
  if (hrefs) for (const t of tokens) if (t.type === 'inline') hrefs.push(...linkTargets(t.children ?? []));
  return md.renderer.render(tokens, md.options, env);
}
