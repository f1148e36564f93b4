/**
 * The element ids of a rendered HTML page: every fragment a link can point at (`/page#id`). An
 * ` id="` counts when it stands inside a tag (its nearest "<" before it is nearer than its nearest
 * ">"): text never holds a raw "<" (React and html/markup.ts escape it, and so does the JSON in
 * scripts), so an ` id="` written in a code sample is not taken for one. Attribute escapes are
 * decoded. Found with indexOf rather than a regular expression over the page: every page of a
 * 10,000-article site goes through it.
 */
const ENTITY = /&(amp|lt|gt|quot|#39|#x27);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const MARK = ' id="';

/** Every id on the page, in page order. */
export function pageIds(html: string): string[] {
  const ids: string[] = [];
  for (let at = html.indexOf(MARK); at !== -1; at = html.indexOf(MARK, at + MARK.length)) {
    if (html.lastIndexOf('<', at) <= html.lastIndexOf('>', at)) continue;
    const start = at + MARK.length;
    const end = html.indexOf('"', start);
    const id = html.slice(start, end);
    ids.push(id.includes('&') ? id.replace(ENTITY, (_x, e: string) => ENTITIES[e]) : id);
  }
  return ids;
}
