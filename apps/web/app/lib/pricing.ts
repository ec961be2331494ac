/**
 * How a price reads on the storefront: the selling price, the compare-at price only when
 * it is higher (a "was" price), and the discount in whole percent, never rounded up so
 * the shop never claims more than it gives.
 */
import { formatMoney, fractionDigits } from "./money.ts";

export interface PriceDisplay {
  price: string;
  compareAt: string | null;
  discountPercent: number | null;
}

export function priceDisplay(
  price: number,
  compareAtPrice: number | null,
  currency: string,
  locale = "en-US",
): PriceDisplay {
  const onSale = compareAtPrice !== null && compareAtPrice > price;
  const percent = onSale ? Math.floor(((compareAtPrice - price) / compareAtPrice) * 100) : 0;
  return {
    price: formatMoney(price, currency, locale),
    compareAt: onSale ? formatMoney(compareAtPrice, currency, locale) : null,
    discountPercent: percent > 0 ? percent : null,
  };
}

/** Minor units as a decimal string in the currency's own precision ("1999" USD → "19.99"), for schema.org. */
export function minorToDecimal(minorUnits: number, currency: string): string {
  const digits = fractionDigits(currency);
  return (minorUnits / 10 ** digits).toFixed(digits);
}

/** Whole currency units typed by a shopper ("20", "19.5") as minor units, or undefined. */
export function majorToMinor(text: string | null, currency: string): number | undefined {
  if (text === null || text.trim() === "") return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return undefined;
  const digits = fractionDigits(currency);
  return Math.round(value * 10 ** digits);
}
