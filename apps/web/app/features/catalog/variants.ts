/**
 * The size and color options of a product's variants, and what is in stock. The server
 * says in stock / only N left / sold out (issue 37: no exact count above the store's
 * "Only N left" limit reaches the browser), so the page only words it.
 */
import type { ProductVariant, ShopperStock } from "@atelier/contract";

export interface Option {
  id: number;
  name: string;
  hex?: string;
  /** False when no variant with this option (and the other one chosen) has stock. */
  available: boolean;
}

function unique<T extends { id: number }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

export function colorOptions(variants: ProductVariant[], sizeId: number | null): Option[] {
  return unique(variants.map((v) => v.color)).map((color) => ({
    ...color,
    available: variants.some((v) => v.color.id === color.id && (sizeId === null || v.size.id === sizeId) && inStock(v)),
  }));
}

export function sizeOptions(variants: ProductVariant[], colorId: number | null): Option[] {
  return unique(variants.map((v) => v.size))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map(({ id, name }) => ({
      id,
      name,
      available: variants.some((v) => v.size.id === id && (colorId === null || v.color.id === colorId) && inStock(v)),
    }));
}

export function findVariant(variants: ProductVariant[], sizeId: number | null, colorId: number | null) {
  return variants.find((v) => v.size.id === sizeId && v.color.id === colorId);
}

/** Whether any unit of the variant can be had. */
export const inStock = (variant: Pick<ShopperStock, "stockState">) => variant.stockState !== "sold_out";

/** "Only N left" when the server says the variant is low (at the store's limit or fewer). */
export function stockText(variant: ProductVariant | undefined, chosen: boolean, anyInStock: boolean): string {
  if (!chosen) return anyInStock ? "In stock: choose a size and a color" : "Sold out";
  if (!variant || !inStock(variant)) return "Sold out in this size and color";
  return variant.stockState === "low" && variant.onlyLeft !== null ? `Only ${variant.onlyLeft} left` : "In stock";
}

/** The variants with the delivery zone's stock in place of the all-warehouse one. */
export function withZoneStock(
  variants: ProductVariant[],
  zone: ReadonlyMap<number, ShopperStock> | null,
): ProductVariant[] {
  if (!zone) return variants;
  return variants.map((variant) => ({ ...variant, ...(zone.get(variant.id) ?? {}) }));
}
