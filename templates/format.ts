/** Formatting helpers for templates: presentation only, no site data. */

/** The spec's short US date, "Aug 25, 2025"; ISO dates are calendar dates, so UTC. */
export function shortDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const minRead = (readingTime: string) => `${readingTime.replace(/\s*min$/, '')} min read`;
