/** Spec §5: glossary search is a case-insensitive substring match with surrounding whitespace trimmed. */
export function matchesTerm(haystack: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || haystack.includes(q);
}
