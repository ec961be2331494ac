/** One cart line: picture, name, size and color, price (and what it was), stock, quantity stepper, actions. */
import type { CartLine as CartLineData } from "@atelier/contract";
import { cartLimits } from "@atelier/contract/constants";
import { Minus, Plus } from "lucide-react";
import { Link } from "react-router";
import { StoredImage } from "../../components/stored-image.tsx";
import { formatMoney } from "../../lib/money.ts";
import { paths } from "../../lib/paths.ts";
import type { CartChange } from "./api.ts";

export function stockLabel(line: Pick<CartLineData, "stockState" | "onlyLeft" | "overStock">): string {
  switch (line.stockState) {
    case "in_stock":
      // The count above the "Only N left" limit is not told (issue 37): only that it is short.
      return line.overStock ? "Not that many in stock" : "In stock";
    case "low":
      return `Only ${line.onlyLeft} left`;
    case "sold_out":
      return "Sold out";
    case "unavailable":
      return "No longer available";
  }
}

const stepper =
  "inline-flex size-10 items-center justify-center rounded-full hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";
const textButton = "font-medium text-sm underline underline-offset-4 hover:text-brand disabled:opacity-50";

export function CartLine({
  line,
  currency,
  busy,
  onChange,
}: {
  line: CartLineData;
  currency: string;
  busy: boolean;
  onChange: (change: CartChange) => void;
}) {
  const gone = line.stockState === "sold_out" || line.stockState === "unavailable";
  // The most this line may ask: the units left when low; else the server refuses what it cannot give.
  const max = Math.min(line.onlyLeft ?? cartLimits.maxQuantity, cartLimits.maxQuantity);
  const overStock = !gone && line.overStock;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <li className="flex gap-4 py-5" data-testid="cart-line" aria-busy={busy}>
      <Link to={paths.productDetails(line.productId)} className="shrink-0" tabIndex={-1} aria-hidden>
        <div className="h-30 w-24 overflow-hidden rounded-lg bg-stone-100 sm:h-36 sm:w-28">
          {line.filename && (
            <StoredImage
              filename={line.filename}
              srcWidth={240}
              sizes="7rem"
              alt=""
              width={240}
              height={300}
              className={`size-full object-cover ${gone ? "opacity-50 grayscale" : ""}`}
            />
          )}
        </div>
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h2 className="font-medium leading-snug">
            <Link to={paths.productDetails(line.productId)} className="hover:underline">
              {line.productName}
            </Link>
          </h2>
          <p className="font-semibold" data-testid="line-total">
            {gone ? <span className="text-muted">—</span> : money(line.lineTotal)}
          </p>
        </div>
        <p className="text-muted text-sm">
          Size {line.size.name} · {line.color.name}
        </p>
        <p className="text-sm">
          {money(line.unitPrice)} each
          {line.priceChanged && !gone && (
            <span className="ml-2 font-medium text-brand" data-testid="price-changed">
              was {money(line.seenUnitPrice)}
            </span>
          )}
        </p>
        <p
          className={`font-medium text-sm ${gone || overStock ? "text-brand" : line.stockState === "low" ? "text-amber-800" : "text-green-800"}`}
          data-testid="line-stock"
        >
          {stockLabel(line)}
          {overStock && ` — you asked for ${line.quantity}`}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          {!gone && (
            <div className="inline-flex items-center rounded-full border border-line">
              <button
                type="button"
                className={stepper}
                aria-label={`One fewer ${line.productName}`}
                disabled={busy || line.quantity <= 1}
                onClick={() =>
                  onChange({ kind: "quantity", lineId: line.id, quantity: Math.min(line.quantity - 1, max) })
                }
              >
                <Minus aria-hidden className="size-4" />
              </button>
              <output
                className="w-8 text-center font-medium tabular-nums"
                aria-label={`Quantity of ${line.productName}`}
              >
                {line.quantity}
              </output>
              <button
                type="button"
                className={stepper}
                aria-label={`One more ${line.productName}`}
                disabled={busy || line.quantity >= max}
                onClick={() => onChange({ kind: "quantity", lineId: line.id, quantity: line.quantity + 1 })}
              >
                <Plus aria-hidden className="size-4" />
              </button>
            </div>
          )}
          {overStock && line.onlyLeft !== null && (
            <button
              type="button"
              className={textButton}
              disabled={busy}
              onClick={() => onChange({ kind: "quantity", lineId: line.id, quantity: max })}
            >
              Take the {max} left
            </button>
          )}
          {line.stockState !== "unavailable" && (
            <button
              type="button"
              className={textButton}
              disabled={busy}
              onClick={() => onChange({ kind: "save-for-later", lineId: line.id })}
            >
              Save for later<span className="sr-only"> {line.productName}</span>
            </button>
          )}
          <button
            type="button"
            className={textButton}
            disabled={busy}
            onClick={() => onChange({ kind: "remove", lineId: line.id })}
          >
            Remove<span className="sr-only"> {line.productName}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
