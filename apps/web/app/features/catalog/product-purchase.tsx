/**
 * Size and color pickers, stock status and the wishlist and cart buttons. The stock is
 * the page's (every warehouse) until the shopper's delivery zone is known in this
 * browser; then it is what the warehouses shipping there hold (issue 14). Sold-out
 * options stay choosable (a shopper may want to know) but are struck through and say
 * so. "Add to cart" adds one of the chosen size and color (the server checks the stock
 * and says what is left); the wishlist button is the product's heart. A page may offer
 * something for a chosen sold-out option (`whenSoldOut`: the collabs' back-in-stock alert).
 */
import type { ProductVariant } from "@atelier/contract";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { SpriteIcon } from "../../components/sprite-icon.tsx";
import { paths } from "../../lib/paths.ts";
import { toast } from "../../lib/toast.ts";
import { addToCart } from "../cart/api.ts";
import { useWishlistToggle } from "../cart/wishlist-button.tsx";
import { useZoneAvailability } from "./delivery-zone.ts";
import { colorOptions, findVariant, inStock, type Option, sizeOptions, stockText, withZoneStock } from "./variants.ts";

export function ProductPurchase({
  productId,
  name,
  variants: pageVariants,
  inStock: pageInStock,
  whenSoldOut,
}: {
  productId: number;
  name: string;
  variants: ProductVariant[];
  inStock: boolean;
  /** Shown under the stock status while the chosen size and color is sold out. */
  whenSoldOut?: (variant: ProductVariant) => ReactNode;
}) {
  const zone = useZoneAvailability(productId);
  const variants = withZoneStock(pageVariants, zone);
  const anyInStock = zone ? variants.some(inStock) : pageInStock;
  const colorsAll = colorOptions(variants, null);
  const [colorId, setColorId] = useState<number | null>(colorsAll.length === 1 ? (colorsAll[0]?.id ?? null) : null);
  const [sizeId, setSizeId] = useState<number | null>(null);
  const colors = colorOptions(variants, sizeId);
  const sizes = sizeOptions(variants, colorId);
  const variant = findVariant(variants, sizeId, colorId);
  const chosen = sizeId !== null && colorId !== null;
  const status = stockText(variant, chosen, anyInStock);

  const wishlist = useWishlistToggle(productId, name);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (!chosen) return toast.error("Choose a size and a color first.");
    if (!variant || !inStock(variant)) return toast.error("This size and color is sold out.");
    setAdding(true);
    try {
      await addToCart({ variantId: variant.id, quantity: 1 });
      toast.success(`Added to your cart: ${name}, ${variant.size.name}, ${variant.color.name}.`, {
        action: { label: "View cart", onClick: () => void navigate(paths.cart()) },
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not add to your cart.");
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="space-y-5">
      <Picker legend="Color" name="color" options={colors} value={colorId} onChange={setColorId} swatch />
      <Picker legend="Size" name="size" options={sizes} value={sizeId} onChange={setSizeId} />
      <p
        className={`font-medium text-sm ${status.startsWith("Sold out") ? "text-brand" : "text-green-800"}`}
        data-testid="stock-status"
        aria-live="polite"
      >
        {status}
      </p>
      {whenSoldOut && chosen && variant && !inStock(variant) && whenSoldOut(variant)}
      {whenSoldOut && !chosen && !anyInStock && (
        <p className="text-sm text-stone-700">Choose a size and a color to hear from us when it is back.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void add()}
          disabled={adding}
          className="inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-full bg-ink px-6 font-semibold text-white hover:bg-stone-700 disabled:opacity-70"
        >
          <SpriteIcon name="shopping-bag" className="size-5" /> {adding ? "Adding…" : "Add to cart"}
        </button>
        <button
          type="button"
          onClick={() => void wishlist.toggle()}
          aria-pressed={wishlist.saved}
          aria-busy={wishlist.busy}
          className="inline-flex h-12 items-center justify-center gap-2 rounded-full border border-line px-5 font-semibold hover:bg-stone-100"
        >
          <SpriteIcon name="heart" className={`size-5 ${wishlist.saved ? "fill-brand text-brand" : ""}`} />
          Wishlist
        </button>
      </div>
    </div>
  );
}

function Picker({
  legend,
  name,
  options,
  value,
  onChange,
  swatch = false,
}: {
  legend: string;
  name: string;
  options: Option[];
  value: number | null;
  onChange: (id: number) => void;
  swatch?: boolean;
}) {
  const current = options.find((option) => option.id === value);
  return (
    <fieldset>
      <legend className="mb-2 font-semibold text-sm">
        {legend}
        {current ? `: ${current.name}` : ""}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.id} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
              className="peer sr-only"
            />
            <span
              className={`inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-full border border-line px-3 text-sm peer-checked:border-ink peer-checked:ring-2 peer-checked:ring-ink peer-focus-visible:outline-2 peer-focus-visible:outline-brand peer-focus-visible:outline-offset-2 ${option.available ? "" : "text-muted line-through"}`}
            >
              {swatch && option.hex && (
                <span
                  aria-hidden
                  className="size-4 rounded-full border border-stone-300"
                  style={{ backgroundColor: option.hex }}
                />
              )}
              {option.name}
              {!option.available && <span className="sr-only"> (sold out)</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
