/**
 * A Markdown body line by line, each with whether it is fenced code (between ``` or ~~~ fences, the
 * fences included): code shows what it holds as written, so the body checks (footnotes.ts,
 * body-text.ts, article-ids.ts) read it for characters at most.
 * Reads: a Markdown body. Writes: nothing.
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Calls `visit` with each line of `body`, its index and whether it is fenced code. */
export function forEachLine(body: string, visit: (line: string, index: number, code: boolean) => void): void {
  let fence: string | undefined;
  body.split('\n').forEach((line, i) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      // A fence closes with the same character, at least as many, and nothing after it.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return visit(line, i, true);
    }
    if (marker) fence = marker;
    visit(line, i, marker !== undefined);
  });
}
