/** ISO calendar dates (YYYY-MM-DD) that exist: 2025-02-30 is rejected. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today (UTC), and the latest date a file may give: tomorrow, for the time zones ahead of UTC.
 * Anything later is a typo (semantics.ts). */
export function datesNow(now = Date.now()): { today: string; latest: string } {
  return { today: isoDay(now), latest: isoDay(now + DAY_MS) };
}
