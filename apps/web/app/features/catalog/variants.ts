/** The size and color options of a product's variants, and what is in stock. */
import type { ProductVariant } from "@atelier/contract";

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
    available: variants.some(
      (v) => v.color.id === color.id && (sizeId === null || v.size.id === sizeId) && v.stock > 0,
    ),
  }));
}

export function sizeOptions(variants: ProductVariant[], colorId: number | null): Option[] {
  return unique(variants.map((v) => v.size))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map(({ id, name }) => ({
      id,
      name,
      available: variants.some((v) => v.size.id === id && (colorId === null || v.color.id === colorId) && v.stock > 0),
    }));
}

export function findVariant(variants: ProductVariant[], sizeId: number | null, colorId: number | null) {
  return variants.find((v) => v.size.id === sizeId && v.color.id === colorId);
}

/** "Only N left" at `onlyLeftBelow` units or fewer (the store setting; 0 never says it). */
export function stockText(
  variant: ProductVariant | undefined,
  chosen: boolean,
  anyInStock: boolean,
  onlyLeftBelow = 5,
): string {
  if (!chosen) return anyInStock ? "In stock: choose a size and a color" : "Sold out";
  if (!variant || variant.stock <= 0) return "Sold out in this size and color";
  return variant.stock <= onlyLeftBelow ? `Only ${variant.stock} left` : "In stock";
}

/** The variants with the delivery zone's figures in place of the all-warehouse ones. */
export function withZoneStock(variants: ProductVariant[], zone: ReadonlyMap<number, number> | null): ProductVariant[] {
  if (!zone) return variants;
  return variants.map((variant) => ({ ...variant, stock: zone.get(variant.id) ?? variant.stock }));
}
