/** Tag chips: the first `max` tags and a "+N more" badge for the rest (spec §2, §9). */
export function TagChips({ tags, max, label = 'Tags' }: { tags: string[]; max: number; label?: string }) {
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return (
    <ul className="tags" aria-label={label}>
      {shown.map((t) => (
        <li key={t} className="tag">{t}</li>
      ))}
      {rest > 0 && <li className="tag tag-more">+{rest} more</li>}
    </ul>
  );
}
