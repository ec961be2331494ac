/**
 * Times staff enter are the store's wall-clock times (Settings → Checkout → Store time
 * zone), not the time zone of whichever browser they use: a sale "from 1 Dec 00:00" starts
 * at midnight where the shop is, for every member of staff.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

const wallClock = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An ISO instant as a datetime-local value in the store's time zone; null → "". */
export function toStoreInput(iso: string | null, timeZone: string, options: { seconds?: boolean } = {}): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return format(new TZDate(date.getTime(), timeZone), options.seconds ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm");
}

/**
 * A datetime-local value read as the store's wall-clock time → an ISO instant; "" → null.
 * Text that is not such a value is returned as typed, so the contract's schema names it.
 */
export function fromStoreInput(value: string, timeZone: string): string | null {
  const text = value.trim();
  if (text === "") return null;
  const parts = wallClock.exec(text);
  if (!parts) return text;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0)) as number[];
  const zoned = new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0, timeZone);
  return Number.isNaN(zoned.getTime()) ? text : new Date(zoned.getTime()).toISOString();
}

/** "1 Dec 2026, 00:00" in the store's time zone. */
export function formatStoreTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}
