/** The jurisdiction badge. */
export function JurisdictionBadge({ jurisdiction }: { jurisdiction: string }) {
  return <span className="badge" title="Jurisdiction">{jurisdiction}</span>;
}
