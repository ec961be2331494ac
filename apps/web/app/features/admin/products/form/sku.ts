/** A readable SKU from the product and the variant: "harbour-hoodie", "M", "Navy" → "HARBOUR-HOODIE-M-NAVY". */
export function skuFor(product: string, size: string, color: string): string {
  const part = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  return [part(product).slice(0, 40), part(size), part(color)].filter(Boolean).join("-").slice(0, 64);
}
