/** An article's "Changes": its dated corrections, updates and changes in the law, newest first, each
 * with an anchor the corrections feed links to (issue 17; the entries come from passes/change-log.ts). */
import { shortDate } from '../format.js';
import type { ChangeItem } from '../types.js';

export function ChangeLog({ changes }: { changes: ChangeItem[] }) {
  if (changes.length === 0) return null;
  return (
    <section id="changes" className="change-log" aria-labelledby="changes-title">
      <h2 id="changes-title">Changes</h2>
      <ol>
        {changes.map((c) => (
          <li key={c.id} id={c.id} className={`change change-${c.kind}`}>
            <time dateTime={c.date}>{shortDate(c.date)}</time> · <strong>{c.label}:</strong> {c.summary}
          </li>
        ))}
      </ol>
    </section>
  );
}
