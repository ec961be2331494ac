/**
 * Plans the demo products from the fixed data in data.ts and a seed: names, slugs,
 * descriptions, prices, taxonomy placement, genders, dates, variants and images. The
 * plan is plain data keyed by names; index.ts resolves the names to ids and inserts it.
 *
 * Guarantees: every sub-sub-category gets at least a few published products (when the
 * requested count allows it), slugs are unique, SKUs are unique once product ids are
 * known, and the same seed always yields the same plan.
 */
import {
  apparelSizes,
  BASE_DATE,
  type CategoryDef,
  categoryDefs,
  type GenderSlug,
  ONE_SIZE,
  type ProductTypeDef,
  printMotifs,
  productTypeDefs,
  type SeriesDef,
  type SubCategoryDef,
  type SubSubDef,
  seriesDefs,
  shoeSizes,
} from "./data.ts";
import type { SilhouetteKind } from "./images.ts";
import { createRandom, type Random } from "./random.ts";

export interface SubSubSlot {
  category: CategoryDef;
  subCategory: SubCategoryDef;
  item: SubSubDef;
  type: ProductTypeDef;
}

export interface PlannedImage {
  kind: SilhouetteKind;
  color: string;
  alt: string;
}

export interface PlannedProduct {
  name: string;
  slug: string;
  description: string;
  price: number;
  compareAtPrice: number | null;
  series: string | null;
  /** Index into `subSubSlots()`. */
  slot: number;
  type: string;
  fabric: string | null;
  gender: GenderSlug | null;
  isPublished: boolean;
  createdAt: Date;
  colors: string[];
  sizes: string[];
  /** Stock per variant, color-major: stock[colorIndex * sizes.length + sizeIndex]. */
  stock: number[];
  images: PlannedImage[];
}

/** How many published products each sub-sub-category is guaranteed (given enough products). */
export const MIN_PUBLISHED_PER_SUB_SUB = 3;
/** Share of products that are published. */
const PUBLISHED_SHARE = 0.95;
/** Products are dated within this many days before BASE_DATE. */
const CREATED_WITHIN_DAYS = 120;

const typeByName = new Map(productTypeDefs.map((type) => [type.name, type]));
const seriesByName = new Map(seriesDefs.map((entry) => [entry.name, entry]));

export function subSubSlots(): SubSubSlot[] {
  const slots: SubSubSlot[] = [];
  for (const category of categoryDefs) {
    for (const subCategory of category.subCategories) {
      for (const item of subCategory.items) {
        const type = typeByName.get(item.type);
        if (!type)
          throw new Error(`Seed data: sub-sub-category "${item.name}" has an unknown product type "${item.type}".`);
        slots.push({ category, subCategory, item, type });
      }
    }
  }
  return slots;
}

export function isPrinted(name: string): boolean {
  return /printed/i.test(name);
}

export function planProducts(options: { products: number; seed: number }): PlannedProduct[] {
  const count = Math.max(0, Math.floor(options.products));
  const random = createRandom(options.seed);
  const slots = subSubSlots();

  // Which sub-sub-category each product goes to: first a guaranteed round of each,
  // then by weight; the guaranteed ones are always published.
  const guaranteed = Math.min(MIN_PUBLISHED_PER_SUB_SUB, Math.floor(count / slots.length));
  // `round` also spreads the guaranteed products over the genders a category serves, so
  // every gender menu's lists have products.
  const assignments: { slot: number; mustPublish: boolean; round?: number }[] = [];
  for (let round = 0; round < guaranteed; round++) {
    for (let slot = 0; slot < slots.length; slot++) assignments.push({ slot, mustPublish: true, round });
  }
  const slotIndexes = slots.map((_, index) => index);
  const pickSlot = random.fork("slots");
  while (assignments.length < count) {
    const slot =
      assignments.length < slots.length && guaranteed === 0
        ? assignments.length
        : pickSlot.weighted(slotIndexes, (index) => slots[index]?.item.weight ?? 1);
    assignments.push({ slot, mustPublish: guaranteed === 0 && assignments.length < slots.length });
  }
  const free = assignments.filter((entry) => !entry.mustPublish).length;
  const unpublishedChance = free === 0 ? 0 : Math.min(0.5, ((1 - PUBLISHED_SHARE) * count) / free);

  const order = random.fork("order").shuffle(assignments);
  const slugs = new Map<string, number>();
  const products: PlannedProduct[] = [];
  for (const [index, assignment] of order.entries()) {
    const slot = slots[assignment.slot];
    if (!slot) continue;
    const rng = random.fork(`product:${index}`);
    const product = planProduct(slot, assignment.slot, rng, assignment.round);
    product.isPublished = assignment.mustPublish || !rng.chance(unpublishedChance);
    product.slug = uniqueSlug(slugify(product.name), slugs);
    products.push(product);
  }
  return products;
}

function planProduct(slot: SubSubSlot, slotIndex: number, rng: Random, round?: number): PlannedProduct {
  const { category, item, type } = slot;
  const printed = isPrinted(item.name);
  const premium = Boolean(item.premium);

  const series = category.custom ? undefined : pickSeries(category, type, printed, rng);
  const gender = pickGender(category, type, rng, round);
  const fabric = item.fabric ?? (type.fabrics.length > 0 ? rng.pick(type.fabrics) : null);
  const adjective = printed ? `${rng.pick(printMotifs)} Print` : rng.pick(item.adjectives ?? type.adjectives);
  const noun = item.noun ?? rng.pick(type.nouns);
  const name = category.custom
    ? `Customizable ${adjective} ${noun}`
    : [series?.prefix, adjective, noun].filter(Boolean).join(" ");

  const colors = pickColors(type, series, rng);
  const sizes = pickSizes(type, rng);
  const stock: number[] = [];
  for (let variant = 0; variant < colors.length * sizes.length; variant++)
    stock.push(rng.chance(0.12) ? 0 : rng.int(1, 40));

  const price = pickPrice(type, premium, rng);
  const compareAtPrice = rng.chance(0.3) ? Math.ceil((price * (1.15 + rng.next() * 0.35)) / 100) * 100 : null;

  const createdAt = new Date(BASE_DATE.getTime() - rng.int(1, CREATED_WITHIN_DAYS * 24 * 60) * 60_000);
  const images = colors.slice(0, Math.min(3, colors.length)).map((color, position) => ({
    kind: type.kind,
    color,
    alt: position === 0 ? `${name} in ${color}` : `${name} in ${color}, alternate color`,
  }));

  return {
    name,
    slug: "",
    description: describe(
      {
        type,
        blurbs: item.blurbs,
        noun,
        adjective,
        fabric,
        series,
        printed,
        premium,
        custom: Boolean(category.custom),
      },
      rng,
    ),
    price,
    compareAtPrice: compareAtPrice !== null && compareAtPrice > price ? compareAtPrice : null,
    series: series?.name ?? null,
    slot: slotIndex,
    type: type.name,
    fabric,
    gender,
    isPublished: true,
    createdAt,
    colors,
    sizes,
    stock,
    images,
  };
}

function pickSeries(category: CategoryDef, type: ProductTypeDef, printed: boolean, rng: Random): SeriesDef | undefined {
  if (rng.chance(0.12)) return undefined;
  // Some affinities make the catalogue read naturally.
  if (type.kind === "kurta" || category.name === "Ethnic Wear") {
    if (rng.chance(0.55)) return seriesByName.get("Heritage Loom");
  }
  if (printed || type.kind === "poster") {
    if (rng.chance(0.35)) return seriesByName.get("Artist Collab: Mira Sol");
  }
  return rng.pick(seriesDefs.filter((entry) => entry.name !== "Heritage Loom" || type.kind !== "sneaker"));
}

function pickGender(category: CategoryDef, type: ProductTypeDef, rng: Random, round?: number): GenderSlug | null {
  if (category.genders.length === 0) return null;
  const filtered = category.genders.filter((gender) => !type.genders || type.genders.includes(gender));
  const allowed = filtered.length > 0 ? filtered : category.genders;
  const chosen = round === undefined ? rng.pick(allowed) : allowed[round % allowed.length];
  return chosen ?? null;
}

function pickColors(type: ProductTypeDef, series: SeriesDef | undefined, rng: Random): string[] {
  const wanted = rng.weighted([2, 3, 4], (n) => (n === 3 ? 45 : n === 2 ? 30 : 25));
  const preferred = series ? type.palette.filter((color) => series.palette.includes(color)) : [];
  const fromSeries = rng.sample(preferred, Math.min(preferred.length, wanted - 1 + (rng.chance(0.5) ? 1 : 0)));
  const rest = rng.sample(
    type.palette.filter((color) => !fromSeries.includes(color)),
    wanted - fromSeries.length,
  );
  return [...fromSeries, ...rest];
}

function pickSizes(type: ProductTypeDef, rng: Random): string[] {
  switch (type.sizes) {
    case "one":
      return [ONE_SIZE];
    case "shoes":
      return rng.chance(0.7) ? [...shoeSizes] : shoeSizes.slice(1);
    case "apparel": {
      const roll = rng.next();
      if (roll < 0.65) return [...apparelSizes];
      if (roll < 0.9) return apparelSizes.slice(1, 5);
      return apparelSizes.slice(0, 5);
    }
  }
}

function pickPrice(type: ProductTypeDef, premium: boolean, rng: Random): number {
  const [min, max] = type.price;
  let dollars = rng.int(min, max);
  if (premium) dollars = Math.round(dollars * 1.6);
  dollars = Math.min(180, Math.max(12, dollars));
  const ending = rng.weighted(["00", "50", "99"] as const, (value) => (value === "00" ? 55 : value === "50" ? 15 : 30));
  if (ending === "99") return Math.max(1200, dollars * 100 - 1);
  if (ending === "50" && dollars < 180) return dollars * 100 + 50;
  return dollars * 100;
}

// ---------------------------------------------------------------------------
// Text

const KEEP_CASE = new Set([
  "Supima",
  "Chanderi",
  "Chikankari",
  "Giclée",
  "A3",
  "A2",
  "A-Line",
  "Zari-Border",
  "Gota-Trim",
  "Mira",
  "Sol",
  "US",
]);

function lower(text: string): string {
  return text
    .split(" ")
    .map((word) => (KEEP_CASE.has(word) ? word : word.toLowerCase()))
    .join(" ");
}

function fixArticles(text: string): string {
  return text.replace(/\b([Aa]n?) ([A-Za-z0-9][\w-]*)/g, (_, article: string, word: string) => {
    const vowel = /^(?:[aeiou]|8|11|18|hon)/i.test(word) && !/^(?:uni|use|one)/i.test(word);
    const capital = article.startsWith("A");
    return `${capital ? (vowel ? "An" : "A") : vowel ? "an" : "a"} ${word}`;
  });
}

function sentence(text: string): string {
  const fixed = fixArticles(text.trim());
  return fixed.charAt(0).toUpperCase() + fixed.slice(1);
}

function describe(
  parts: {
    type: ProductTypeDef;
    blurbs: string[] | undefined;
    noun: string;
    adjective: string;
    fabric: string | null;
    series: SeriesDef | undefined;
    printed: boolean;
    premium: boolean;
    custom: boolean;
  },
  rng: Random,
): string {
  const first = rng
    .pick(parts.blurbs ?? parts.type.blurbs)
    .replaceAll("{adj}", lower(parts.adjective))
    .replaceAll("{noun}", lower(parts.noun))
    .replaceAll("{fabric}", parts.fabric ? lower(parts.fabric) : "");
  const sentences = [sentence(first)];
  if (parts.custom) {
    sentences.push("Send us your artwork, a name or a monogram and we print or embroider it to order in our studio.");
  } else if (parts.series) {
    const { name, prefix, description } = parts.series;
    sentences.push(
      `From the ${name} series — ${description.startsWith(prefix) ? description : lowerFirst(description)}`,
    );
  }
  if (parts.printed) {
    sentences.push(
      rng.pick([
        "The artwork is screen-printed by hand with water-based inks.",
        "Printed in small batches with soft, crack-resistant inks.",
      ]),
    );
  } else if (parts.premium) {
    sentences.push(
      rng.pick([
        "Part of our Elite line: finished by hand and made in numbered runs.",
        "An Elite piece with premium trims and extra finishing.",
      ]),
    );
  } else if (sentences.length < 3 && rng.chance(0.6)) {
    sentences.push(
      rng.pick(
        parts.type.sizes === "one" && parts.type.fabrics.length === 0
          ? [
              "Packed plastic-free.",
              "Designed in our studio and made in small runs.",
              "A good gift, and a better one to keep.",
            ]
          : [
              "Machine wash cold, dry flat.",
              "True to size; size up for a looser fit.",
              "Designed in our studio and made in small runs.",
            ],
      ),
    );
  }
  return sentences.slice(0, 3).join(" ");
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 160);
}

function uniqueSlug(base: string, used: Map<string, number>): string {
  let suffix = used.get(base);
  if (suffix === undefined) {
    used.set(base, 1);
    return base;
  }
  let candidate: string;
  do {
    suffix += 1;
    candidate = `${base}-${suffix}`;
  } while (used.has(candidate));
  used.set(base, suffix);
  used.set(candidate, 1);
  return candidate;
}
