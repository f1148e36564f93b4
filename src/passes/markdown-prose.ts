/**
 * An article's own Markdown (body, FAQ answers, takeaways, answer points, the editorial note) made
 * into the Markdown of its mirror, so that a CommonMark reader shows what the page shows:
 * - outside code, a `<` that a reader with HTML on (CommonMark's default, GitHub's, most chunkers')
 *   would take for a tag or comment is escaped: the site renders raw HTML as text (markdown.ts), so
 *   `<angle>` is words on the page and must not be a tag in the mirror; autolinks (`<https://…>`)
 *   are links in both and stay;
 * - site links become absolute and no-link markers go, outside code only: a code span or fenced
 *   block that shows the syntax (`[text](/glossary/x)`, `[word]{.nolink}`) is the same on both.
 * Indented code blocks are not told apart from indented list text, and are treated as text.
 * Reads and writes: strings.
 */

/** CommonMark's autolinks: `<scheme:…>` and `<address@host>`, which stay links. */
const AUTOLINK = /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;

/** `<` that would open raw HTML for a CommonMark reader: a tag, a closing tag, a comment, a
 * processing instruction, a declaration or CDATA. */
const HTML_START = /<(?=[A-Za-z/!?])/g;

/** Escapes each `<` of prose that a reader would read as the start of HTML (not an autolink, not
 * an angle-bracketed link destination `](<…>)`). */
export function escapeHtmlLike(prose: string): string {
  return prose.replace(HTML_START, (lt, at: number) => (autolinkAt(prose, at) || LINK_OPENS_BEFORE.test(prose.slice(Math.max(0, at - 1000), at)) ? lt : '\\<'));
}

/** Whether an autolink starts at `at` (a sticky match: the rest of the text is not copied). */
function autolinkAt(text: string, at: number): boolean {
  AUTOLINK.lastIndex = at;
  return AUTOLINK.test(text);
}

/** `[words](` just before: the `<` opens the link's destination (`[x](<a b>)`), not a tag. */
const LINK_OPENS_BEFORE = /\[[^\]]*\]\($/;

/** Applies `f` to the parts of `markdown` outside fenced code blocks and code spans. */
export function mapOutsideCode(markdown: string, f: (prose: string) => string): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  let prose: string[] = [];
  const flushProse = () => {
    if (prose.length) out.push(mapOutsideCodeSpans(prose.join('\n'), f));
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(lines[i]);
    if (!open || (open[1][0] === '`' && lines[i].slice(open[0].length).includes('`'))) {
      prose.push(lines[i]);
      continue;
    }
    flushProse();
    const fence = open[1];
    const block = [lines[i]];
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    for (i++; i < lines.length; i++) {
      block.push(lines[i]);
      if (close.test(lines[i])) break;
    }
    out.push(block.join('\n'));
  }
  flushProse();
  return out.join('\n');
}

/** Applies `f` outside the code spans of `text` (a run of backticks closed by a run as long). */
function mapOutsideCodeSpans(text: string, f: (prose: string) => string): string {
  let result = '';
  let from = 0;
  const ticks = /`+/g;
  let m: RegExpExecArray | null;
  while ((m = ticks.exec(text))) {
    // A backslash before the run makes its first backtick text (CommonMark 6.1).
    if (m.index > 0 && text[m.index - 1] === '\\') continue;
    const closing = new RegExp(`(?<!\`)${m[0]}(?!\`)`, 'g');
    closing.lastIndex = m.index + m[0].length;
    const close = closing.exec(text);
    if (!close) continue;
    result += f(text.slice(from, m.index)) + text.slice(m.index, close.index + m[0].length);
    from = close.index + m[0].length;
    ticks.lastIndex = from;
  }
  return result + f(text.slice(from));
}
