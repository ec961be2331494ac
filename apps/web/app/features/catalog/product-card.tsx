import type { ProductCard as ProductCardData } from "@atelier/contract";
import { type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { StoredImage } from "../../components/stored-image.tsx";
import { formatMoney } from "../../lib/money.ts";
import { paths } from "../../lib/paths.ts";
import { WishlistHeart } from "../cart/wishlist-button.tsx";

export type HeadingLevel = 2 | 3;

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  renderName,
}: {
  product: ProductCardData;
  eager?: boolean;
  headingLevel?: HeadingLevel;
  renderName?: ((name: string) => ReactNode) | undefined;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const onSale = product.compareAtPrice !== null && product.compareAtPrice > product.price;
  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <div className="relative aspect-[4/5] overflow-hidden rounded-xl bg-stone-100">
        {product.filename && (
          <StoredImage
            filename={product.filename}
            srcWidth={480}
            sizes="(min-width: 1200px) 18rem, (min-width: 900px) 30vw, 50vw"
            alt={product.name}
            width={480}
            height={600}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        )}
        {onSale && (
          <span className="absolute top-2 left-2 rounded-full bg-brand px-2 py-0.5 font-semibold text-white text-xs">
            Sale
          </span>
        )}
        {!product.inStock && (
          <span className="absolute bottom-2 left-2 rounded-full bg-white/90 px-2 py-0.5 font-semibold text-xs">
            Sold out
          </span>
        )}
        {/* Above the card's stretched link, so it takes its own clicks. */}
        <WishlistHeart productId={product.id} name={product.name} className="absolute top-2 right-2 z-10" />
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        {product.seriesName && <p className="text-muted text-xs uppercase tracking-wider">{product.seriesName}</p>}
        <Heading className="font-medium text-sm leading-snug">
          <Link to={paths.productDetails(product.id)} className="after:absolute after:inset-0">
            {renderName ? renderName(product.name) : product.name}
          </Link>
        </Heading>
        <p className="mt-auto flex items-baseline gap-2 text-sm">
          <span className={onSale ? "font-semibold text-brand" : "font-semibold"}>
            {formatMoney(product.price, product.currency)}
          </span>
          {onSale && product.compareAtPrice !== null && (
            <s className="text-muted text-xs">
              <span className="sr-only">was </span>
              {formatMoney(product.compareAtPrice, product.currency)}
            </s>
          )}
        </p>
        {product.colors.length > 0 && (
          <ul className="flex gap-1" aria-label={`Colors: ${product.colors.map((c) => c.name).join(", ")}`}>
            {product.colors.map((color) => (
              <li
                key={color.name}
                className="size-3 rounded-full border border-stone-300"
                style={{ backgroundColor: color.hex }}
              />
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
  headingLevel,
  renderName,
}: {
  products: ProductCardData[];
  eagerCount?: number;
  headingLevel?: HeadingLevel;
  renderName?: ((name: string) => ReactNode) | undefined;
}) {
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <Suspense key={product.id}>
          <ProductCard
            product={product}
            eager={index < eagerCount}
            headingLevel={headingLevel}
            renderName={renderName}
          />
        </Suspense>
      ))}
    </div>
  );
}
