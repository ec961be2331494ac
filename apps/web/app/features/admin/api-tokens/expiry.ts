/**
 * A token's expiry as the form chooses it: a preset number of days from now, or the end of
 * a chosen day (local time). The server refuses the past and more than a year ahead.
 */
import { apiTokenRules } from "@atelier/contract/constants";

export type ExpiryChoice = `${(typeof apiTokenRules.presetDays)[number]}` | "date";

const dayMs = 86_400_000;

/** The ISO date-time to send, or an error to show on the field. */
export function expiryOf(
  choice: ExpiryChoice,
  date: string,
  now = new Date(),
): { expiresAt: string } | { error: string } {
  if (choice !== "date") return { expiresAt: new Date(now.getTime() + Number(choice) * dayMs).toISOString() };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { error: "Choose a date" };
  const end = new Date(`${date}T23:59:59`);
  if (Number.isNaN(end.getTime())) return { error: "Choose a date" };
  if (end.getTime() <= now.getTime()) return { error: "The date must be in the future" };
  if (end.getTime() > now.getTime() + apiTokenRules.maxDays * dayMs) {
    return { error: `The date must be at most ${apiTokenRules.maxDays} days ahead` };
  }
  return { expiresAt: end.toISOString() };
}

/** `yyyy-mm-dd` of a day, for the date input's min and max. */
export function dayInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const maxExpiryDay = (now = new Date()) =>
  dayInput(new Date(now.getTime() + (apiTokenRules.maxDays - 1) * dayMs));
export const minExpiryDay = (now = new Date()) => dayInput(new Date(now.getTime() + dayMs));
