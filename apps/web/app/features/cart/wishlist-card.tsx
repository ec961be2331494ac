/**
 * A wishlisted product: picture, name, price, the heart (press to remove), and "Move to
 * cart", which asks for a size and color first (loaded from the product on demand).
 */
import type { ProductVariant, WishlistItem } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { StoredImage } from "../../components/stored-image.tsx";
import { formatMoney } from "../../lib/money.ts";
import { paths } from "../../lib/paths.ts";
import { productDetails } from "./requests.ts";
import { WishlistHeart } from "./wishlist-button.tsx";

const variantLabel = (variant: ProductVariant) =>
  `${variant.size.name} / ${variant.color.name}${variant.stockState === "sold_out" ? " (sold out)" : ""}`;

export function WishlistCard({
  item,
  onMove,
  moving,
}: {
  item: WishlistItem;
  onMove: (variantId: number) => void;
  moving: boolean;
}) {
  const { product } = item;
  const [choosing, setChoosing] = useState(false);
  return (
    <li className="relative flex flex-col" data-testid="wishlist-item">
      <div className="relative aspect-[4/5] overflow-hidden rounded-xl bg-stone-100">
        {product.filename && (
          <StoredImage
            filename={product.filename}
            srcWidth={480}
            sizes="(min-width: 1200px) 18rem, (min-width: 900px) 30vw, 50vw"
            alt={product.name}
            width={480}
            height={600}
            className="size-full object-cover"
          />
        )}
        <WishlistHeart productId={product.id} name={product.name} className="absolute top-2 right-2" />
      </div>
      <h2 className="mt-3 font-medium text-sm leading-snug">
        <Link to={paths.productDetails(product.id)} className="hover:underline">
          {product.name}
        </Link>
      </h2>
      <p className="font-semibold text-sm">{formatMoney(product.price, product.currency)}</p>
      {!product.inStock ? (
        <p className="mt-2 font-medium text-brand text-sm">Sold out</p>
      ) : choosing ? (
        <VariantChooser productId={product.id} name={product.name} moving={moving} onMove={onMove} />
      ) : (
        <button
          type="button"
          onClick={() => setChoosing(true)}
          className="mt-2 h-10 rounded-full border border-ink px-4 font-semibold text-sm hover:bg-ink hover:text-white"
        >
          Move to cart<span className="sr-only"> {product.name}</span>
        </button>
      )}
    </li>
  );
}

function VariantChooser({
  productId,
  name,
  moving,
  onMove,
}: {
  productId: number;
  name: string;
  moving: boolean;
  onMove: (variantId: number) => void;
}) {
  const id = useId();
  const details = useQuery({
    queryKey: ["product", productId],
    queryFn: () => productDetails(productId),
  });
  const [variantId, setVariantId] = useState<number | undefined>(undefined);
  if (details.isPending) return <p className="mt-2 text-muted text-sm">Loading sizes…</p>;
  if (details.isError) return <p className="mt-2 text-brand text-sm">Could not load the sizes. Try again later.</p>;
  const variants = details.data.variants;
  const chosen = variantId ?? variants.find((variant) => variant.stockState !== "sold_out")?.id;
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== undefined) onMove(chosen);
      }}
    >
      <label htmlFor={id} className="block font-medium text-sm">
        Size and color<span className="sr-only"> of {name}</span>
      </label>
      <select
        id={id}
        value={chosen ?? ""}
        onChange={(event) => setVariantId(Number(event.target.value))}
        className="h-10 w-full rounded-lg border border-line bg-white px-2 text-sm"
      >
        {variants.map((variant) => (
          <option key={variant.id} value={variant.id} disabled={variant.stockState === "sold_out"}>
            {variantLabel(variant)}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={moving || chosen === undefined}
        className="h-10 w-full rounded-full bg-ink px-4 font-semibold text-sm text-white hover:bg-stone-700 disabled:opacity-60"
      >
        {moving ? "Moving…" : "Add to cart"}
      </button>
    </form>
  );
}
