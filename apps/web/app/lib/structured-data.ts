/**
 * schema.org JSON-LD for product pages. The JSON goes inside a <script> element, so every
 * character that could end the element or start markup ("</script>", "<!--") is written
 * as a \u escape: a product named "</script><script>…" stays inside the string.
 */
import type { ProductDetails } from "@atelier/contract";
import { minorToDecimal } from "./pricing.ts";

export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function productJsonLd(
  product: Pick<ProductDetails, "id" | "name" | "price" | "currency" | "inStock" | "variants" | "series"> & {
    description: string;
  },
  links: { url: string; images: string[]; brand: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: links.images,
    // No SKU: SKUs are staff's (issue 37); the product's id names it.
    productID: String(product.id),
    brand: { "@type": "Brand", name: links.brand },
    ...(product.series ? { category: product.series.name } : {}),
    offers: {
      "@type": "Offer",
      url: links.url,
      price: minorToDecimal(product.price, product.currency),
      priceCurrency: product.currency,
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}
