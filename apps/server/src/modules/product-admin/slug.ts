/**
 * Product slugs: made from the name when staff leave the field empty, and kept unique by
 * adding "-2", "-3" … (the storefront's product URLs and the CSV import key on them).
 */

const maxLength = 180;

/** "Élan Hoodie — Navy!" → "elan-hoodie-navy"; never empty (falls back to "product"). */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength - 8)
    .replace(/-+$/g, "");
  return slug || "product";
}

/** The first of base, base-2, base-3 … that is not taken (taken: the slugs starting with base). */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
