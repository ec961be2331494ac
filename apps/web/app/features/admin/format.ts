/** Dates in the back office: short absolute dates in tables, relative times in feeds. */
import { format, formatDistanceToNowStrict, isValid, parseISO } from "date-fns";

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? date : null;
}

export function formatDate(iso: string | null | undefined, fallback = "—"): string {
  const date = parse(iso);
  return date ? format(date, "d MMM yyyy") : fallback;
}

export function formatDateTime(iso: string | null | undefined, fallback = "—"): string {
  const date = parse(iso);
  return date ? format(date, "d MMM yyyy, HH:mm") : fallback;
}

export function formatRelative(iso: string | null | undefined, fallback = "Never"): string {
  const date = parse(iso);
  return date ? formatDistanceToNowStrict(date, { addSuffix: true }) : fallback;
}

/** A day of a chart's axis ("2026-11-21" → "21 Nov"). */
export function formatDay(day: string): string {
  const date = parse(day);
  return date ? format(date, "d MMM") : day;
}

const numbers = new Intl.NumberFormat("en");
export const formatCount = (value: number): string => numbers.format(value);
