/**
 * The views page's date range, kept in the URL: `?days=7|30|90|365` for a preset ending
 * today (30 by default), or `?from=YYYY-MM-DD&to=YYYY-MM-DD` for a custom range. Days are
 * UTC, like the counted views, so every viewer sees the same days.
 */
import { ViewsRange } from "@atelier/contract";
import { type Period, periodFrom } from "../insights/period-picker.tsx";

export interface DateRange {
  from: string;
  to: string;
}

/** The range on screen and the preset it came from (null for a custom range). */
export interface RangeChoice extends DateRange {
  preset: Period | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export function presetRange(days: Period, now: Date): DateRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: dayOf(today - (days - 1) * DAY_MS), to: dayOf(today) };
}

export function rangeFromSearch(params: URLSearchParams, now: Date): RangeChoice {
  const custom = ViewsRange.safeParse({ from: params.get("from"), to: params.get("to") });
  if (custom.success) return { ...custom.data, preset: null };
  const preset = periodFrom(params.get("days"));
  return { ...presetRange(preset, now), preset };
}

/** The URL search of a preset (the default one keeps the URL clean). */
export const presetSearch = (period: Period): Record<string, string> => (period === 30 ? {} : { days: String(period) });

export const customSearch = (range: DateRange): Record<string, string> => ({ from: range.from, to: range.to });
