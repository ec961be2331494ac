/**
 * Prices are integer minor units; this turns them into text for people. Formatters are
 * built once per locale and currency: building one costs far more than formatting, and
 * every server-rendered list formats dozens of prices.
 */
const formatters = new Map<string, Intl.NumberFormat>();
const digitsByCurrency = new Map<string, number>();

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, found);
  }
  return found;
}

/** The currency's number of minor-unit digits (2 for USD, 0 for JPY). */
export function fractionDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = formatter("en-US", currency).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

export function formatMoney(minorUnits: number, currency: string, locale = "en-US"): string {
  return formatter(locale, currency).format(minorUnits / 10 ** fractionDigits(currency));
}
