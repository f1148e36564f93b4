/**
 * An article's change log: its `changes:` entries newest first, each with the anchor id it has on the
 * page (`change-2025-09-01`; a second entry of the same date `change-2025-09-01-2`, counted in the
 * order the file lists them), which the corrections feed links to and the content manifest records.
 * Reads: one article's changes. Writes: ordered entries. Issue 17 (corrections and updates as data).
 */
import type { ArticleMeta, ChangeEntry, ChangeKind } from '../model.js';

export interface LoggedChange extends ChangeEntry {
  /** Its id on the article page, unique within the article. */
  id: string;
}

/** What each kind is called where a reader sees it. */
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  correction: 'Correction',
  update: 'Update',
  'legal-change': 'Change in the law',
};

/** The entries newest first (entries of one date in the order the file lists them), with their ids. */
export function changeLog(article: Pick<ArticleMeta, 'changes'>): LoggedChange[] {
  const seen = new Map<string, number>();
  const withIds = article.changes.map((c): LoggedChange => {
    const n = (seen.get(c.date) ?? 0) + 1;
    seen.set(c.date, n);
    return { ...c, id: n === 1 ? `change-${c.date}` : `change-${c.date}-${n}` };
  });
  // A stable sort: entries of one date keep the file's order.
  return withIds.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The corrections alone, newest first. */
export const correctionsOf = (article: Pick<ArticleMeta, 'changes'>): LoggedChange[] => changeLog(article).filter((c) => c.kind === 'correction');
