/** A product's price: the sale price, the was-price struck through, and the percent off. */
import { priceDisplay } from "../../lib/pricing.ts";

export function PriceTag({
  price,
  compareAtPrice,
  currency,
  locale,
}: {
  price: number;
  compareAtPrice: number | null;
  currency: string;
  locale?: string;
}) {
  const shown = priceDisplay(price, compareAtPrice, currency, locale);
  return (
    <p className="flex flex-wrap items-baseline gap-3" data-testid="price">
      <span className={`font-bold text-2xl ${shown.compareAt ? "text-brand" : ""}`}>{shown.price}</span>
      {shown.compareAt && (
        <s className="text-lg text-muted">
          <span className="sr-only">was </span>
          {shown.compareAt}
        </s>
      )}
      {shown.discountPercent !== null && (
        <span className="rounded-full bg-brand px-2 py-0.5 font-semibold text-sm text-white">
          {shown.discountPercent}% off
        </span>
      )}
    </p>
  );
}
