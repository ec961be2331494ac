/** Prices are integer minor units; this turns them into text for people. */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minorUnits: number, currency: string, locale = "en-US"): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minorUnits / 10 ** digits);
}
