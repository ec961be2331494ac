/**
 * Exact conversion between what people type ("12.50") and integer minor units (1250).
 * Prices never pass through a float: the text is split at the decimal point and the
 * digits are joined, so "0.29" is 29 and never 28.999…. Zod-free, for browser and server.
 */

const digitsByCurrency = new Map<string, number>();

/**
 * How many minor digits a currency has (USD 2, JPY 0, BHD 3), from Intl. Remembered per
 * currency code: building an Intl.NumberFormat costs tens of microseconds, and an order's
 * confirmation mail asks once per amount it shows.
 */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // Bounded: a typed code that is not a currency is answered without being remembered.
    if (digitsByCurrency.size < 512) digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * "12.50" → 1250 with 2 digits; null for anything that is not a plain non-negative amount
 * (signs, thousands separators, more decimals than the currency has, empty text).
 */
export function parseMoney(text: string, digits = 2): number | null {
  const trimmed = text.trim();
  const pattern = digits > 0 ? new RegExp(`^(\\d+)(?:\\.(\\d{0,${digits}}))?$`) : /^(\d+)$/;
  const match = pattern.exec(trimmed);
  if (!match?.[1]) return null;
  const whole = match[1];
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  const value = Number.parseInt(`${whole}${fraction}`, 10);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? value : null;
}

/** 1250 → "12.50" with 2 digits: the plain amount a form field shows (no symbol, no grouping). */
export function formatMinor(minorUnits: number, digits = 2): string {
  const sign = minorUnits < 0 ? "-" : "";
  const text = String(Math.abs(Math.trunc(minorUnits))).padStart(digits + 1, "0");
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
