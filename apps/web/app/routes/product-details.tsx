/**
 * /products/details/{productId}: gallery, variant picker, price and stock, description
 * (Markdown rendered here on the server), size chart, breadcrumbs, related products, and
 * everything search engines and link previews read (meta, OpenGraph, Twitter, JSON-LD).
 * Staff with the products permission may preview an unpublished product.
 */
import { catalogEndpoints, collabEndpoints, type ProductCollabInfo, type ProductDetails } from "@atelier/contract";
import { useMemo } from "react";
import { data } from "react-router";
import { lazyRegion } from "../components/lazy-region.tsx";
import { JsonLdScript, MarkdownHtml } from "../components/trusted-html.tsx";
import { Breadcrumbs } from "../features/catalog/breadcrumbs.tsx";
import { PriceTag } from "../features/catalog/price-tag.tsx";
import { ProductGrid } from "../features/catalog/product-card.tsx";
import { ProductGallery } from "../features/catalog/product-gallery.tsx";
import { ProductPurchase } from "../features/catalog/product-purchase.tsx";
import { dropExpiryHeaders } from "../features/collabs/drop-expiry.ts";
import { LazyNotifyForm } from "../features/collabs/lazy-notify-form.tsx";
import { ApiError, apiFrom } from "../lib/api.ts";
import { imageUrl } from "../lib/images.ts";
import { renderMarkdown } from "../lib/markdown.server.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { jsonLdText, productJsonLd } from "../lib/structured-data.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/product-details";

// The size chart is a <details> the server renders whole and the browser opens by itself: its
// code loads while the page hydrates, not with it (components/lazy-region.tsx).
const SizeChart = lazyRegion(() => import("../features/catalog/size-chart.tsx").then((m) => m.SizeChart));

// Most products are in no collaboration and no drop: the credit, the drop's gate and its
// countdown load only for those that are, while the page hydrates. Never the purchase form:
// a lazy region's HTML is inert until its code comes, and a size picked or "Add to cart"
// pressed in that time was lost (no toast, nothing in the cart). The gate holds the form
// only while it hides it (a drop not open yet, or closed); an open drop's form is the page's.
const collabModule = () => import("../features/collabs/product-collab.tsx");
const CollabCredit = lazyRegion(() => collabModule().then((m) => m.CollabCredit));
const DropGate = lazyRegion(() => collabModule().then((m) => m.DropGate));
const DropLimit = lazyRegion(() => collabModule().then((m) => m.DropLimit));

async function fetchProduct(context: Route.LoaderArgs["context"], productId: number): Promise<ProductDetails> {
  try {
    return await apiFrom(context).get(catalogEndpoints.productDetails, { params: { productId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The description's words, for the meta description when staff left none. */
function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.productId)) throw data(null, { status: 404 });
  const product = await fetchProduct(context, Number(params.productId));
  // Collabs (issue 16): "In collaboration with …" and the drop's countdown; never fails the page.
  // Null when the product is in neither: the page then loads none of their code.
  const collab: ProductCollabInfo | null = await apiFrom(context)
    .get(collabEndpoints.forProduct, { params: { id: product.id } })
    .then((info) => (info.collaborators.length > 0 || info.drop ? info : null))
    .catch(() => null);
  const origin = new URL(request.url).origin;
  const canonical = `${origin}${paths.productDetails(product.id)}`;
  const descriptionHtml = renderMarkdown(product.description);
  const summary = product.seoDescription || plainText(descriptionHtml);
  const main = product.images[0];
  const payload = {
    product,
    collab,
    descriptionHtml,
    summary,
    canonical,
    image: main
      ? {
          url: `${origin}${imageUrl(main.filename, 960)}`,
          width: 960,
          height: Math.round((960 * main.height) / main.width),
          alt: main.alt || product.name,
        }
      : undefined,
    jsonLd: jsonLdText(
      productJsonLd(
        { ...product, description: summary },
        {
          url: canonical,
          images: product.images.map((image) => `${origin}${imageUrl(image.filename, 960)}`),
          brand: "Atelier",
        },
      ),
    ),
  };
  // A staff preview must never be kept by a shared cache; a drop's page is kept until its
  // next launch or end (the page cache renders it anew at that second).
  return data(payload, {
    headers: product.isPublished
      ? dropExpiryHeaders(collab?.drop ? [collab.drop] : [])
      : { "Cache-Control": "private, no-store" },
  });
}

// Passes the loader's Cache-Control (set on staff previews) and X-Page-Expires (drops) on.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData ? loaderData.product.seoTitle || loaderData.product.name : undefined,
    description: loaderData?.summary ?? "",
    canonical: loaderData?.canonical,
    image: loaderData?.image,
    type: "product",
    noindex: loaderData ? !loaderData.product.isPublished : false,
  });

export default function ProductDetailsPage({ loaderData }: Route.ComponentProps) {
  const { product, descriptionHtml, jsonLd, collab } = loaderData;
  const { settings } = useRootData();
  const { category, subCategory, subSubCategory } = product.taxonomy;
  const drop = collab?.drop ?? null;
  // The same element while the product is: the drop gate (a lazy region) then gets no new props.
  const purchase = useMemo(
    () => (
      <ProductPurchase
        productId={product.id}
        name={product.name}
        variants={product.variants}
        inStock={product.inStock}
        whenSoldOut={(variant) => (
          <LazyNotifyForm
            key={variant.id}
            target={{ variantId: variant.id }}
            title={`Back in stock? ${variant.color.name}, ${variant.size.name}`}
          />
        )}
      />
    ),
    [product],
  );
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8">
      {!product.isPublished && (
        <p
          role="status"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
        >
          Not published: only staff can see this page.
        </p>
      )}
      <Breadcrumbs
        trail={[
          { label: "Home", href: paths.home() },
          { label: category.name, href: paths.category(category.name) },
          { label: subCategory.name },
          { label: subSubCategory.name, href: paths.productList(subSubCategory.id) },
          { label: product.name },
        ]}
      />
      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} name={product.name} />
        <div className="space-y-6">
          <div>
            {product.series && (
              <p className="text-muted text-sm uppercase tracking-wider">
                <a href={paths.category(product.series.name)} className="hover:underline">
                  {product.series.name}
                </a>
              </p>
            )}
            <h1 className="mt-1 font-bold text-3xl tracking-tight">{product.name}</h1>
          </div>
          <PriceTag
            price={product.price}
            compareAtPrice={product.compareAtPrice}
            currency={product.currency}
            locale={settings.locale}
          />
          {collab && <CollabCredit info={collab} />}
          {collab && drop && drop.state !== "open" ? (
            <DropGate info={collab}>{purchase}</DropGate>
          ) : (
            <>
              {drop && <DropLimit drop={drop} />}
              {purchase}
            </>
          )}
          <p className="text-sm">
            <a
              href={`/customization/new?productId=${product.id}&product=${encodeURIComponent(product.name)}`}
              className="underline"
            >
              Request a customization of this piece
            </a>
          </p>
          {product.sizeChart && <SizeChart chart={product.sizeChart} />}
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="mb-2 font-semibold text-lg">
              Description
            </h2>
            <MarkdownHtml html={descriptionHtml} />
          </section>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted">Type</dt>
            <dd>{product.type.name}</dd>
            {product.fabric && (
              <>
                <dt className="text-muted">Fabric</dt>
                <dd>
                  {product.fabric.name}: {product.fabric.description}
                </dd>
              </>
            )}
            {product.gender && (
              <>
                <dt className="text-muted">For</dt>
                <dd>{product.gender.name}</dd>
              </>
            )}
          </dl>
        </div>
      </div>
      {product.related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="mb-6 font-bold text-2xl tracking-tight">
            You may also like
          </h2>
          <ProductGrid products={product.related} />
        </section>
      )}
      <JsonLdScript json={jsonLd} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
