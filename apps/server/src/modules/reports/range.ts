/**
 * The reports' calendar: presets resolved against today in the store's time zone, the
 * comparison period, and the periods (day, week from Monday, month) a range splits into.
 * Days are `YYYY-MM-DD` strings; arithmetic is done on UTC midnights, so no process time
 * zone or daylight-saving change can shift a day.
 */
import type { Comparison, Grouping, RangePreset } from "@atelier/contract";

const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => fromTime(toTime(day) + days * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((toTime(to) - toTime(from)) / DAY_MS) + 1;

export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // 29 February of a year without one becomes 28 February.
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return fromTime(Date.UTC(y + years, m - 1, Math.min(d, last)));
}

/** Today's date where the store is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function resolvePreset(
  preset: RangePreset,
  today: string,
  custom: { from?: string | undefined; to?: string | undefined },
): { from: string; to: string } {
  const month = today.slice(0, 7);
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "90d":
      return { from: addDays(today, -89), to: today };
    case "mtd":
      return { from: `${month}-01`, to: today };
    case "last-month": {
      const end = addDays(`${month}-01`, -1);
      return { from: `${end.slice(0, 7)}-01`, to: end };
    }
    case "ytd":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case "custom":
      return { from: custom.from ?? today, to: custom.to ?? today };
  }
}

export function comparisonRange(
  compare: Comparison,
  range: { from: string; to: string },
): { from: string; to: string } | null {
  if (compare === "none") return null;
  if (compare === "previous-year") return { from: addYears(range.from, -1), to: addYears(range.to, -1) };
  const length = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The period a day falls in: the day, the Monday of its week, or the 1st of its month. */
export function periodOf(day: string, group: Grouping): string {
  if (group === "day") return day;
  if (group === "month") return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(toTime(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every period from the one holding `from` to the one holding `to`. */
export function periodsOf(range: { from: string; to: string }, group: Grouping): string[] {
  const periods: string[] = [];
  let day = periodOf(range.from, group);
  while (day <= range.to) {
    periods.push(day);
    if (group === "day") day = addDays(day, 1);
    else if (group === "week") day = addDays(day, 7);
    else
      day = addDays(`${day.slice(0, 7)}-28`, 4)
        .slice(0, 7)
        .concat("-01");
  }
  return periods;
}

/** The SQL `date_trunc` unit of a grouping. */
export const truncUnit = (group: Grouping) => group;
