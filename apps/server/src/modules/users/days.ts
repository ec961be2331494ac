/**
 * Calendar days for the per-day charts (insights, dashboard), in UTC so that every
 * viewer and every server agrees on where a day starts. A period of N days ends today.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight (UTC) at the start of the period's first day. */
export function periodStart(days: number, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** Every day of the period as `YYYY-MM-DD`, oldest first. */
export function dayKeys(days: number, now: Date): string[] {
  const start = periodStart(days, now).getTime();
  return Array.from({ length: days }, (_, index) => new Date(start + index * DAY_MS).toISOString().slice(0, 10));
}

/** The counts per day for every day of the period: days without a row count zero. */
export function zeroFilled(
  days: number,
  now: Date,
  counted: readonly { date: string; count: number }[],
): { date: string; count: number }[] {
  const byDate = new Map(counted.map((row) => [row.date, row.count]));
  return dayKeys(days, now).map((date) => ({ date, count: byDate.get(date) ?? 0 }));
}
