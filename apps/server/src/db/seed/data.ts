/**
 * The fixed part of the demo catalogue: genders, the category taxonomy, series,
 * product types, colors, sizes, fabrics and the store settings. Products are generated
 * from these by products.ts.
 *
 * The taxonomy deliberately exercises every storefront navigation rule: gender-varied
 * categories (one for women only), plain categories, a category named "Customize",
 * serials that are not in alphabetical order, premium sub-categories (Elite / Regular),
 * a disabled sub-category, and sub-sub-categories whose names contain "Printed".
 */
import type { ContactPlace } from "@atelier/contract";
import type { SeriesMotif, SilhouetteKind } from "./images.ts";

export type GenderSlug = "men" | "women";

export const genderDefs: { name: string; slug: GenderSlug; sortOrder: number }[] = [
  { name: "Men", slug: "men", sortOrder: 1 },
  { name: "Women", slug: "women", sortOrder: 2 },
];

export interface ColorDef {
  name: string;
  hex: string;
  /** Three letters for SKUs. */
  code: string;
}

export const colorDefs: ColorDef[] = [
  { name: "Black", hex: "#1b1b1d", code: "BLK" },
  { name: "White", hex: "#f4f3ef", code: "WHT" },
  { name: "Heather Grey", hex: "#a4a7ab", code: "GRY" },
  { name: "Navy", hex: "#1f2a44", code: "NVY" },
  { name: "Indigo", hex: "#2e3f6e", code: "IND" },
  { name: "Olive", hex: "#5b6236", code: "OLV" },
  { name: "Maroon", hex: "#6b1e2e", code: "MRN" },
  { name: "Mustard", hex: "#d4a017", code: "MUS" },
  { name: "Sky Blue", hex: "#8ec5e8", code: "SKY" },
  { name: "Blush Pink", hex: "#e8b4b8", code: "PNK" },
  { name: "Rust", hex: "#b5502b", code: "RST" },
  { name: "Sand", hex: "#d8c3a0", code: "SND" },
];

export interface SizeDef {
  name: string;
  sortOrder: number;
  /** As written in SKUs. */
  code: string;
}

export const apparelSizes = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const shoeSizes = ["US 7", "US 8", "US 9", "US 10", "US 11", "US 12"] as const;
export const ONE_SIZE = "One Size";

export const sizeDefs: SizeDef[] = [
  ...apparelSizes.map((name, index) => ({ name, sortOrder: index + 1, code: name })),
  { name: ONE_SIZE, sortOrder: 10, code: "OS" },
  ...shoeSizes.map((name, index) => ({ name, sortOrder: 20 + index, code: name.replace(" ", "") })),
];

export interface FabricDef {
  name: string;
  description: string;
}

export const fabricDefs: FabricDef[] = [
  {
    name: "Organic Cotton Jersey",
    description: "180 gsm combed organic cotton: soft, breathable and with a clean drape.",
  },
  {
    name: "French Terry",
    description: "Midweight loopback cotton terry that breathes well and softens with every wash.",
  },
  { name: "Brushed Fleece", description: "Heavyweight cotton-blend fleece, brushed on the inside for warmth." },
  { name: "Selvedge Denim", description: "13 oz denim woven on narrow shuttle looms, made to fade with wear." },
  { name: "Cotton Twill", description: "Durable garment-dyed cotton twill with a soft, matte hand." },
  { name: "Linen Blend", description: "A linen and cotton blend that stays cool and gets softer over time." },
  { name: "Handloom Cotton", description: "Hand-woven cotton with a subtle slub texture, made by artisan clusters." },
  { name: "Performance Knit", description: "Quick-dry four-way stretch knit made from recycled polyester." },
  { name: "Cotton Canvas", description: "12 oz natural cotton canvas, sturdy enough for daily loads." },
];

export type SizeRun = "apparel" | "one" | "shoes";

export interface ProductTypeDef {
  name: string;
  slug: string;
  kind: SilhouetteKind;
  sizes: SizeRun;
  /** Fabrics a product of this type may be made of; empty for non-textile goods. */
  fabrics: string[];
  /** Price range in whole dollars. */
  price: [number, number];
  nouns: string[];
  adjectives: string[];
  /** Colors this type comes in. */
  palette: string[];
  /** Restricts the genders a product of this type is made for (default: any). */
  genders?: GenderSlug[];
  /** First sentences of the description; {adj}, {noun} and {fabric} are filled in. */
  blurbs: string[];
}

export const productTypeDefs: ProductTypeDef[] = [
  {
    name: "T-Shirt",
    slug: "t-shirt",
    kind: "tshirt",
    sizes: "apparel",
    fabrics: ["Organic Cotton Jersey"],
    price: [19, 39],
    nouns: ["Tee", "T-Shirt"],
    adjectives: ["Oversized", "Relaxed", "Classic Crew", "Boxy", "Essential", "Pocket", "Longline", "Washed", "Ringer"],
    palette: [
      "Black",
      "White",
      "Heather Grey",
      "Navy",
      "Olive",
      "Maroon",
      "Mustard",
      "Sky Blue",
      "Blush Pink",
      "Rust",
      "Sand",
    ],
    blurbs: [
      "A {adj} {noun} cut from {fabric} with a ribbed crew neck and a double-stitched hem.",
      "Our {adj} {noun} in {fabric}: dropped shoulders, a soft hand and a shape that holds after washing.",
      "An everyday {adj} {noun} in {fabric} that works on its own or under a layer.",
    ],
  },
  {
    name: "Hoodie",
    slug: "hoodie",
    kind: "hoodie",
    sizes: "apparel",
    fabrics: ["French Terry", "Brushed Fleece"],
    price: [49, 79],
    nouns: ["Hoodie"],
    adjectives: ["Oversized", "Relaxed", "Heavyweight", "Pullover", "Washed", "Brushed", "Cropped"],
    palette: ["Black", "Heather Grey", "Navy", "Olive", "Maroon", "Sand", "Blush Pink", "Sky Blue", "Rust", "Mustard"],
    blurbs: [
      "A {adj} {noun} in {fabric} with a double-layer hood, a kangaroo pocket and ribbed cuffs.",
      "Our {adj} {noun}: {fabric}, flat drawcords and a roomy hood for cold mornings.",
    ],
  },
  {
    name: "Sweatshirt",
    slug: "sweatshirt",
    kind: "sweatshirt",
    sizes: "apparel",
    fabrics: ["French Terry", "Brushed Fleece"],
    price: [39, 59],
    nouns: ["Sweatshirt", "Crewneck"],
    adjectives: ["Relaxed", "Boxy", "Vintage Wash", "Raglan", "Essential", "Heavyweight"],
    palette: ["Heather Grey", "Black", "Navy", "Sand", "Olive", "Maroon", "Sky Blue", "Blush Pink", "White"],
    blurbs: [
      "A {adj} {noun} in {fabric} with a ribbed collar, cuffs and hem.",
      "The {adj} {noun}: {fabric} with a V-stitch at the neck and a relaxed body.",
    ],
  },
  {
    name: "Jacket",
    slug: "jacket",
    kind: "jacket",
    sizes: "apparel",
    fabrics: ["Cotton Twill", "Brushed Fleece", "Performance Knit"],
    price: [79, 179],
    nouns: ["Jacket", "Bomber Jacket"],
    adjectives: ["Lightweight", "Padded", "Utility", "Cropped", "Classic", "Coach"],
    palette: ["Black", "Olive", "Navy", "Maroon", "Sand", "Rust", "Mustard"],
    blurbs: [
      "A {adj} {noun} in {fabric} with a full-length zip, welt pockets and striped rib trims.",
      "Our {adj} {noun}: {fabric}, a ribbed collar and a sleeve pocket for the small things.",
    ],
  },
  {
    name: "Jogger",
    slug: "jogger",
    kind: "joggers",
    sizes: "apparel",
    fabrics: ["French Terry", "Brushed Fleece", "Performance Knit"],
    price: [39, 59],
    nouns: ["Joggers", "Sweatpants"],
    adjectives: ["Tapered", "Relaxed", "Cuffed", "Essential", "Tech", "Heavyweight"],
    palette: ["Black", "Heather Grey", "Navy", "Olive", "Sand", "Maroon"],
    blurbs: [
      "{adj} {noun} in {fabric} with an elastic drawcord waist, side pockets and ribbed cuffs.",
      "Our {adj} {noun}: {fabric}, a tapered leg and a waistband that stays put.",
    ],
  },
  {
    name: "Jeans",
    slug: "jeans",
    kind: "jeans",
    sizes: "apparel",
    fabrics: ["Selvedge Denim"],
    price: [59, 99],
    nouns: ["Jeans"],
    adjectives: ["Slim", "Relaxed", "Straight-Leg", "Tapered", "Washed", "Rinse"],
    palette: ["Indigo", "Navy", "Black", "Sky Blue", "Heather Grey"],
    blurbs: [
      "{adj} five-pocket {noun} in {fabric} with copper rivets and contrast stitching.",
      "Our {adj} {noun}: {fabric}, a mid rise and a button fly.",
    ],
  },
  {
    name: "Trousers",
    slug: "trousers",
    kind: "jeans",
    sizes: "apparel",
    fabrics: ["Cotton Twill", "Linen Blend"],
    price: [49, 89],
    nouns: ["Trousers", "Chinos"],
    adjectives: ["Pleated", "Slim", "Relaxed", "Tapered", "Utility", "Wide-Leg"],
    palette: ["Sand", "Olive", "Navy", "Black", "Rust", "Heather Grey"],
    blurbs: [
      "{adj} {noun} in {fabric} with slanted pockets and a clean, pressed front.",
      "Our {adj} {noun}: {fabric}, a comfortable mid rise and a hem that can be taken up.",
    ],
  },
  {
    name: "Shorts",
    slug: "shorts",
    kind: "shorts",
    sizes: "apparel",
    fabrics: ["French Terry", "Cotton Twill", "Performance Knit"],
    price: [24, 45],
    nouns: ["Shorts"],
    adjectives: ["Relaxed", "Pull-On", "Everyday", "Lightweight", "Washed"],
    palette: ["Black", "Heather Grey", "Navy", "Olive", "Sand", "Sky Blue"],
    blurbs: [
      "{adj} {noun} in {fabric} with an elastic drawcord waist and deep side pockets.",
      "Our {adj} {noun}: {fabric}, a 7-inch inseam and a waistband that stays put.",
    ],
  },
  {
    name: "Leggings",
    slug: "leggings",
    kind: "joggers",
    sizes: "apparel",
    fabrics: ["Performance Knit"],
    price: [29, 49],
    nouns: ["Leggings"],
    adjectives: ["High-Rise", "Sculpt", "Seamless", "Ribbed", "7/8"],
    palette: ["Black", "Navy", "Maroon", "Olive", "Blush Pink", "Heather Grey"],
    genders: ["women"],
    blurbs: [
      "{adj} {noun} in {fabric} with a wide, no-dig waistband and a hidden key pocket.",
      "Our {adj} {noun}: squat-proof {fabric} that moves with you.",
    ],
  },
  {
    name: "Kurta",
    slug: "kurta",
    kind: "kurta",
    sizes: "apparel",
    fabrics: ["Handloom Cotton", "Linen Blend"],
    price: [34, 99],
    nouns: ["Kurta", "Kurti"],
    adjectives: ["A-Line", "Straight", "Block-Print", "Embroidered", "Flared", "Tiered"],
    palette: ["Maroon", "Mustard", "Rust", "White", "Sand", "Blush Pink", "Indigo", "Sky Blue"],
    genders: ["women"],
    blurbs: [
      "An {adj} {noun} in {fabric} with a mandarin collar, a button placket and an embroidered hem.",
      "Our {adj} {noun}: {fabric}, three-quarter sleeves and side slits for easy movement.",
    ],
  },
  {
    name: "Cap",
    slug: "cap",
    kind: "cap",
    sizes: "one",
    fabrics: ["Cotton Twill"],
    price: [18, 32],
    nouns: ["Cap", "Baseball Cap", "Dad Cap"],
    adjectives: ["Washed", "Six-Panel", "Curved-Brim", "Low-Profile", "Embroidered"],
    palette: ["Black", "Navy", "Olive", "Sand", "Maroon", "White", "Heather Grey", "Rust", "Sky Blue"],
    blurbs: [
      "A {adj} {noun} in {fabric} with an adjustable strap and stitched eyelets.",
      "Our {adj} {noun}: {fabric}, a pre-curved brim and an embroidered front patch.",
    ],
  },
  {
    name: "Tote Bag",
    slug: "tote-bag",
    kind: "tote",
    sizes: "one",
    fabrics: ["Cotton Canvas"],
    price: [15, 29],
    nouns: ["Tote Bag", "Tote", "Shopper"],
    adjectives: ["Everyday", "Oversized", "Market", "Heavy Canvas", "Pocket"],
    palette: ["Sand", "White", "Black", "Navy", "Olive", "Mustard"],
    blurbs: [
      "An {adj} {noun} in {fabric} with reinforced handles and an inside pocket.",
      "Our {adj} {noun}: {fabric}, long handles and room for a laptop and groceries.",
    ],
  },
  {
    name: "Mug",
    slug: "mug",
    kind: "mug",
    sizes: "one",
    fabrics: [],
    price: [12, 24],
    nouns: ["Mug"],
    adjectives: ["Ceramic", "Stoneware", "Speckled", "Morning", "Tall"],
    palette: ["White", "Black", "Mustard", "Sky Blue", "Blush Pink", "Navy", "Olive", "Rust"],
    blurbs: [
      "A {adj} {noun} that holds 12 oz, glazed inside and out and safe in the dishwasher.",
      "Our {adj} {noun}: a generous handle, a thick rim and a glaze that shrugs off daily use.",
    ],
  },
  {
    name: "Poster",
    slug: "poster",
    kind: "poster",
    sizes: "one",
    fabrics: [],
    price: [12, 35],
    nouns: ["Poster", "Art Print"],
    adjectives: ["A3", "A2", "Riso", "Limited Edition", "Archival"],
    palette: ["Mustard", "Sky Blue", "Blush Pink", "Rust", "Navy", "Olive", "Sand", "Maroon"],
    blurbs: [
      "An {adj} {noun} on 200 gsm matte paper with archival inks, shipped rolled in a tube.",
      "Our {adj} {noun}: bold colors on heavyweight uncoated paper, ready for a frame.",
    ],
  },
  {
    name: "Sneaker",
    slug: "sneaker",
    kind: "sneaker",
    sizes: "shoes",
    fabrics: [],
    price: [69, 149],
    nouns: ["Sneakers", "Trainers"],
    adjectives: ["Court", "Low-Top", "Canvas", "Leather", "Retro", "Platform"],
    palette: ["White", "Black", "Sand", "Navy", "Olive", "Rust", "Heather Grey"],
    blurbs: [
      "{adj} {noun} with a cushioned footbed, a vulcanised rubber sole and waxed cotton laces.",
      "Our {adj} {noun}: a padded collar, a grippy cupsole and a toe cap that keeps its shape.",
    ],
  },
];

export interface SubSubDef {
  name: string;
  /** Product type name. */
  type: string;
  premium?: boolean;
  /** Replaces the type's nouns in product names. */
  noun?: string;
  /** Replaces the type's adjectives in product names. */
  adjectives?: string[];
  /** Forces the fabric. */
  fabric?: string;
  /** Replaces the type's description openers. */
  blurbs?: string[];
  /** Relative share of the products beyond the guaranteed minimum (default 1). */
  weight?: number;
}

export interface SubCategoryDef {
  name: string;
  disabled?: boolean;
  premium?: boolean;
  items: SubSubDef[];
}

export interface CategoryDef {
  name: string;
  serial: number;
  /** Non-empty for gender-varied categories. */
  genders: GenderSlug[];
  /** The "Customize" category holds blank products made to order: no series. */
  custom?: boolean;
  image: { background: [string, string]; items: { kind: SilhouetteKind; color: string }[] };
  subCategories: SubCategoryDef[];
}

const ethnicJacketBlurbs = [
  "A {adj} {noun} in {fabric} with a mandarin collar and hand-finished edges, cut to layer over a kurta.",
  "Our {adj} {noun}: {fabric}, a relaxed fit and a zip front that dresses up a plain kurta.",
];

export const categoryDefs: CategoryDef[] = [
  {
    name: "Topwear",
    serial: 10,
    genders: ["men", "women"],
    image: {
      background: ["#efe2d2", "#c9a98a"],
      items: [
        { kind: "hoodie", color: "Olive" },
        { kind: "tshirt", color: "White" },
      ],
    },
    subCategories: [
      {
        name: "T-Shirts",
        premium: true,
        items: [
          {
            name: "Elite Supima Tees",
            type: "T-Shirt",
            premium: true,
            adjectives: ["Supima", "Mercerised", "Silk-Touch"],
          },
          {
            name: "Elite Heavyweight Tees",
            type: "T-Shirt",
            premium: true,
            adjectives: ["Heavyweight", "Garment-Dyed", "Structured"],
          },
          {
            name: "Crew Neck Tees",
            type: "T-Shirt",
            adjectives: ["Classic Crew", "Essential", "Everyday", "Slim"],
            weight: 2,
          },
          { name: "Oversized Tees", type: "T-Shirt", adjectives: ["Oversized", "Drop-Shoulder", "Boxy"], weight: 2 },
          { name: "Pocket Tees", type: "T-Shirt", adjectives: ["Pocket", "Patch Pocket", "Relaxed Pocket"] },
        ],
      },
      {
        name: "Hoodies & Sweatshirts",
        items: [
          { name: "Hoodies", type: "Hoodie", weight: 2 },
          { name: "Printed Hoodies", type: "Hoodie", weight: 2 },
          { name: "Sweatshirts", type: "Sweatshirt" },
          { name: "Printed Sweatshirts", type: "Sweatshirt" },
        ],
      },
      {
        name: "Casual Tees",
        items: [
          { name: "Printed T-Shirts", type: "T-Shirt", weight: 3 },
          { name: "Ringer Tees", type: "T-Shirt", adjectives: ["Ringer", "Retro Ringer"] },
          { name: "Longline Tees", type: "T-Shirt", adjectives: ["Longline", "Curved-Hem"] },
        ],
      },
      {
        name: "Jackets",
        items: [
          { name: "Bomber Jackets", type: "Jacket", noun: "Bomber Jacket" },
          {
            name: "Varsity Jackets",
            type: "Jacket",
            noun: "Varsity Jacket",
            adjectives: ["Classic", "Chenille-Patch", "Wool-Blend"],
          },
          {
            name: "Coach Jackets",
            type: "Jacket",
            noun: "Coach Jacket",
            adjectives: ["Lightweight", "Snap-Front", "Water-Repellent"],
          },
        ],
      },
      {
        name: "Archive Sale",
        disabled: true,
        items: [
          { name: "Archive Tees", type: "T-Shirt", weight: 0.5 },
          { name: "Archive Hoodies", type: "Hoodie", weight: 0.5 },
        ],
      },
    ],
  },
  {
    name: "Bottomwear",
    serial: 20,
    genders: ["men", "women"],
    image: {
      background: ["#dfe4ec", "#a9b4c4"],
      items: [
        { kind: "jeans", color: "Indigo" },
        { kind: "joggers", color: "Heather Grey" },
      ],
    },
    subCategories: [
      {
        name: "Joggers & Track Pants",
        items: [
          { name: "Joggers", type: "Jogger", weight: 2 },
          { name: "Printed Joggers", type: "Jogger" },
          { name: "Track Pants", type: "Jogger", noun: "Track Pants", fabric: "Performance Knit" },
        ],
      },
      {
        name: "Jeans",
        items: [
          { name: "Slim Fit Jeans", type: "Jeans", adjectives: ["Slim", "Skinny", "Slim Tapered"] },
          { name: "Relaxed Fit Jeans", type: "Jeans", adjectives: ["Relaxed", "Baggy", "Loose"] },
          { name: "Straight Jeans", type: "Jeans", adjectives: ["Straight-Leg", "Rinse Straight", "Washed Straight"] },
        ],
      },
      {
        name: "Trousers & Chinos",
        items: [
          { name: "Chinos", type: "Trousers", noun: "Chinos", fabric: "Cotton Twill" },
          {
            name: "Cargo Pants",
            type: "Trousers",
            noun: "Cargo Pants",
            adjectives: ["Utility", "Relaxed", "Parachute"],
            fabric: "Cotton Twill",
          },
          {
            name: "Linen Trousers",
            type: "Trousers",
            noun: "Trousers",
            adjectives: ["Pleated", "Wide-Leg", "Drawstring"],
            fabric: "Linen Blend",
          },
        ],
      },
      {
        name: "Shorts",
        items: [
          { name: "Cargo Shorts", type: "Shorts", noun: "Cargo Shorts", fabric: "Cotton Twill" },
          { name: "Sweat Shorts", type: "Shorts", noun: "Sweat Shorts", fabric: "French Terry" },
          { name: "Printed Shorts", type: "Shorts" },
        ],
      },
    ],
  },
  {
    name: "Activewear",
    serial: 30,
    genders: ["men", "women"],
    image: {
      background: ["#e2efe8", "#9fc1b0"],
      items: [
        { kind: "tshirt", color: "Sky Blue" },
        { kind: "shorts", color: "Black" },
        { kind: "sneaker", color: "White" },
      ],
    },
    subCategories: [
      {
        name: "Training",
        items: [
          {
            name: "Training Tees",
            type: "T-Shirt",
            adjectives: ["Quick-Dry", "Mesh-Panel", "Training"],
            fabric: "Performance Knit",
          },
          { name: "Printed Training Tees", type: "T-Shirt", fabric: "Performance Knit" },
          { name: "Track Jackets", type: "Jacket", noun: "Track Jacket", fabric: "Performance Knit" },
        ],
      },
      {
        name: "Running",
        items: [
          {
            name: "Running Shorts",
            type: "Shorts",
            noun: "Running Shorts",
            adjectives: ["Split-Hem", "Lightweight", "Lined"],
            fabric: "Performance Knit",
          },
          {
            name: "Running Joggers",
            type: "Jogger",
            adjectives: ["Tech", "Tapered", "Zip-Cuff"],
            fabric: "Performance Knit",
          },
        ],
      },
      {
        name: "Yoga",
        items: [
          { name: "Yoga Leggings", type: "Leggings" },
          { name: "Printed Leggings", type: "Leggings" },
        ],
      },
    ],
  },
  {
    name: "Ethnic Wear",
    serial: 40,
    genders: ["women"],
    image: {
      background: ["#f6e0cf", "#d99a7a"],
      items: [
        { kind: "kurta", color: "Maroon" },
        { kind: "kurta", color: "Mustard" },
      ],
    },
    subCategories: [
      {
        name: "Kurtas & Kurtis",
        items: [
          { name: "Printed Kurtas", type: "Kurta", noun: "Kurta", weight: 2 },
          {
            name: "Straight Kurtas",
            type: "Kurta",
            noun: "Kurta",
            adjectives: ["Straight", "Long Straight", "Pintuck"],
          },
          { name: "A-Line Kurtis", type: "Kurta", noun: "Kurti", adjectives: ["A-Line", "Flared", "Tiered"] },
        ],
      },
      {
        name: "Festive Edit",
        premium: true,
        items: [
          {
            name: "Elite Silk Kurtas",
            type: "Kurta",
            premium: true,
            noun: "Kurta",
            adjectives: ["Silk-Blend", "Chanderi", "Zari-Border"],
          },
          {
            name: "Elite Embroidered Kurtas",
            type: "Kurta",
            premium: true,
            noun: "Kurta",
            adjectives: ["Hand-Embroidered", "Mirror-Work", "Chikankari"],
          },
          { name: "Cotton Festive Kurtas", type: "Kurta", noun: "Kurta", adjectives: ["Festive", "Gota-Trim", "Yoke"] },
        ],
      },
      {
        name: "Ethnic Layers",
        items: [
          {
            name: "Embroidered Jackets",
            type: "Jacket",
            noun: "Ethnic Jacket",
            adjectives: ["Embroidered", "Quilted", "Mirror-Work"],
            fabric: "Handloom Cotton",
            blurbs: ethnicJacketBlurbs,
          },
          {
            name: "Block-Printed Jackets",
            type: "Jacket",
            noun: "Ethnic Jacket",
            fabric: "Handloom Cotton",
            blurbs: ethnicJacketBlurbs,
          },
        ],
      },
    ],
  },
  {
    name: "Footwear",
    serial: 50,
    genders: [],
    image: { background: ["#ebe6df", "#bfb6aa"], items: [{ kind: "sneaker", color: "Rust" }] },
    subCategories: [
      {
        name: "Sneakers",
        items: [
          { name: "Sneakers", type: "Sneaker", weight: 2 },
          { name: "Printed Sneakers", type: "Sneaker" },
          { name: "Canvas Sneakers", type: "Sneaker", adjectives: ["Canvas", "Low-Top Canvas", "Washed Canvas"] },
        ],
      },
      {
        name: "Limited Drops",
        premium: true,
        items: [
          {
            name: "Elite Leather Sneakers",
            type: "Sneaker",
            premium: true,
            adjectives: ["Full-Grain Leather", "Suede", "Nubuck"],
          },
          { name: "Collab Sneakers", type: "Sneaker", adjectives: ["Collab", "Special Edition"] },
        ],
      },
    ],
  },
  {
    name: "Merchandise",
    serial: 60,
    genders: [],
    image: {
      background: ["#f6e8c2", "#e3b75e"],
      items: [
        { kind: "poster", color: "Sky Blue" },
        { kind: "mug", color: "Navy" },
        { kind: "tote", color: "Sand" },
      ],
    },
    subCategories: [
      {
        name: "Drinkware",
        items: [
          { name: "Mugs", type: "Mug", weight: 2 },
          { name: "Printed Mugs", type: "Mug", weight: 2 },
          { name: "Travel Mugs", type: "Mug", noun: "Travel Mug", adjectives: ["Insulated", "Leak-Proof", "Commuter"] },
        ],
      },
      {
        name: "Wall Art",
        items: [
          { name: "Posters", type: "Poster", weight: 2 },
          { name: "Screen Printed Posters", type: "Poster" },
          { name: "Art Prints", type: "Poster", noun: "Art Print" },
        ],
      },
      {
        name: "Collector's Editions",
        premium: true,
        items: [
          {
            name: "Elite Signed Prints",
            type: "Poster",
            premium: true,
            noun: "Signed Print",
            adjectives: ["Numbered", "Hand-Signed", "Giclée"],
          },
          {
            name: "Elite Ceramic Mugs",
            type: "Mug",
            premium: true,
            adjectives: ["Hand-Thrown", "Studio", "Glazed Stoneware"],
          },
          { name: "Gift Mugs", type: "Mug", adjectives: ["Gift", "Boxed", "Celebration"] },
        ],
      },
    ],
  },
  {
    name: "Accessories",
    serial: 70,
    genders: [],
    image: {
      background: ["#ece5ee", "#b9a6c0"],
      items: [
        { kind: "cap", color: "Black" },
        { kind: "tote", color: "Olive" },
      ],
    },
    subCategories: [
      {
        name: "Headwear",
        items: [
          { name: "Caps", type: "Cap", weight: 2 },
          { name: "Printed Caps", type: "Cap" },
          { name: "Snapbacks", type: "Cap", noun: "Snapback", adjectives: ["Flat-Brim", "Structured", "Two-Tone"] },
        ],
      },
      {
        name: "Bags",
        items: [
          { name: "Tote Bags", type: "Tote Bag", weight: 2 },
          { name: "Printed Tote Bags", type: "Tote Bag" },
          { name: "Shopper Bags", type: "Tote Bag", noun: "Shopper", adjectives: ["Oversized", "Market", "Zip-Top"] },
        ],
      },
    ],
  },
  {
    name: "Customize",
    serial: 90,
    genders: [],
    custom: true,
    image: {
      background: ["#f1f1f1", "#c9c9c9"],
      items: [
        { kind: "tshirt", color: "White" },
        { kind: "hoodie", color: "Black" },
        { kind: "mug", color: "White" },
      ],
    },
    subCategories: [
      {
        name: "Custom Apparel",
        items: [
          {
            name: "Custom T-Shirts",
            type: "T-Shirt",
            adjectives: ["Blank", "Heavyweight Blank", "Classic Blank"],
            weight: 0.5,
          },
          { name: "Custom Hoodies", type: "Hoodie", adjectives: ["Blank", "Heavyweight Blank"], weight: 0.5 },
        ],
      },
      {
        name: "Custom Gifts",
        items: [
          { name: "Custom Mugs", type: "Mug", adjectives: ["Photo", "Monogram", "Blank"], weight: 0.5 },
          { name: "Custom Tote Bags", type: "Tote Bag", adjectives: ["Monogram", "Blank", "Name"], weight: 0.5 },
        ],
      },
    ],
  },
];

export interface SeriesDef {
  name: string;
  slug: string;
  /** How the series appears in product names. */
  prefix: string;
  description: string;
  /** Preferred colors for its products. */
  palette: string[];
  image: {
    background: [string, string];
    accent: string;
    motif: SeriesMotif;
    items: { kind: SilhouetteKind; color: string }[];
  };
}

export const seriesDefs: SeriesDef[] = [
  {
    name: "Monsoon Drift",
    slug: "monsoon-drift",
    prefix: "Monsoon Drift",
    description:
      "Rain-washed greys, deep indigo and olive for grey-sky days, in relaxed layers that dry fast and drape well.",
    palette: ["Heather Grey", "Indigo", "Olive", "Navy", "Black"],
    image: {
      background: ["#6b7c8d", "#2c3e50"],
      accent: "#cfe3f1",
      motif: "rain",
      items: [
        { kind: "hoodie", color: "Indigo" },
        { kind: "joggers", color: "Heather Grey" },
        { kind: "tshirt", color: "Olive" },
      ],
    },
  },
  {
    name: "Neon Nights",
    slug: "neon-nights",
    prefix: "Neon Nights",
    description:
      "After-dark staples in black with electric pops of sky blue, pink and mustard, made for late shows and later trains.",
    palette: ["Black", "Sky Blue", "Blush Pink", "Mustard", "Navy"],
    image: {
      background: ["#24164a", "#0d0d1a"],
      accent: "#ff4fd8",
      motif: "neon",
      items: [
        { kind: "jacket", color: "Black" },
        { kind: "tshirt", color: "Blush Pink" },
        { kind: "cap", color: "Sky Blue" },
      ],
    },
  },
  {
    name: "Heritage Loom",
    slug: "heritage-loom",
    prefix: "Heritage Loom",
    description:
      "Handloom textures and festive colors drawn from block-printing traditions, in maroon, mustard and rust.",
    palette: ["Maroon", "Mustard", "Rust", "Sand", "White"],
    image: {
      background: ["#8a3434", "#4a1a1f"],
      accent: "#e2c16b",
      motif: "weave",
      items: [
        { kind: "kurta", color: "Mustard" },
        { kind: "kurta", color: "Sand" },
        { kind: "tote", color: "Rust" },
      ],
    },
  },
  {
    name: "Studio Basics",
    slug: "studio-basics",
    prefix: "Studio Basics",
    description: "The everyday foundation of clean cuts, honest fabrics and colors that go with everything.",
    palette: ["White", "Black", "Heather Grey", "Navy", "Sand"],
    image: {
      background: ["#efeeea", "#d2cec6"],
      accent: "#9a968d",
      motif: "grid",
      items: [
        { kind: "tshirt", color: "White" },
        { kind: "sweatshirt", color: "Heather Grey" },
        { kind: "jeans", color: "Indigo" },
      ],
    },
  },
  {
    name: "Coastline",
    slug: "coastline",
    prefix: "Coastline",
    description: "Sun-faded blues, sand and salt-white for long weekends by the water.",
    palette: ["Sky Blue", "Sand", "White", "Navy", "Indigo"],
    image: {
      background: ["#a9d6ea", "#3f7ea6"],
      accent: "#ffffff",
      motif: "waves",
      items: [
        { kind: "shorts", color: "Sand" },
        { kind: "tshirt", color: "White" },
        { kind: "tote", color: "Navy" },
      ],
    },
  },
  {
    name: "Artist Collab: Mira Sol",
    slug: "artist-collab-mira-sol",
    prefix: "Mira Sol",
    description:
      "Mira Sol's sunlit illustrations on tees, totes, mugs and posters, in a limited run made together with the artist.",
    palette: ["Mustard", "Blush Pink", "Rust", "White", "Sky Blue"],
    image: {
      background: ["#f4b860", "#e0736a"],
      accent: "#fff3d6",
      motif: "blobs",
      items: [
        { kind: "poster", color: "Blush Pink" },
        { kind: "tshirt", color: "White" },
        { kind: "mug", color: "Mustard" },
      ],
    },
  },
  {
    name: "Trailhead",
    slug: "trailhead",
    prefix: "Trailhead",
    description: "Hard-wearing layers in forest-floor colors for early starts and muddy paths.",
    palette: ["Olive", "Rust", "Sand", "Black", "Heather Grey"],
    image: {
      background: ["#9aa97a", "#3e4a2f"],
      accent: "#2b3320",
      motif: "peaks",
      items: [
        { kind: "jacket", color: "Olive" },
        { kind: "sneaker", color: "Rust" },
        { kind: "joggers", color: "Black" },
      ],
    },
  },
];

/** Motifs for products in "Printed …" sub-sub-categories. */
export const printMotifs = [
  "Palm",
  "Wave",
  "Tiger",
  "Sunset",
  "Koi",
  "Botanical",
  "Checkerboard",
  "Abstract",
  "Retro Type",
  "Mountain",
  "Lotus",
  "Paisley",
];

export const storeSettingsData: {
  name: string;
  tagline: string;
  currency: string;
  locale: string;
  contact: { headquarters: ContactPlace; displayCenters: ContactPlace[] };
  social: { network: string; label: string; url: string }[];
  payments: {
    cashOnDelivery: { enabled: boolean };
    manualTransfer: { enabled: boolean; title: string; instructions: string };
  };
} = {
  payments: {
    cashOnDelivery: { enabled: true },
    manualTransfer: {
      enabled: true,
      title: "Mobile money or bank transfer",
      instructions:
        "Bank: First Demo Bank, account Atelier Shop Ltd, no. 0123 4567 8901 (routing 021000021).\nMobile money: +1 (212) 555-0147.\nUse your order number as the reference, then enter the transaction id below.",
    },
  },
  name: "Atelier",
  tagline: "Clothing and merchandise, made in small series.",
  currency: "USD",
  locale: "en-US",
  contact: {
    headquarters: {
      label: "Headquarters",
      address: "214 Mercer Street, Floor 3, New York, NY 10012",
      phone: "+1 (212) 555-0147",
      email: "hello@atelier.example",
      hours: "Mon–Fri 9:00–18:00",
    },
    displayCenters: [
      {
        label: "Display Center — Downtown",
        address: "88 Grand Avenue, Los Angeles, CA 90071",
        phone: "+1 (213) 555-0192",
        email: "downtown@atelier.example",
        hours: "Daily 10:00–20:00",
      },
      {
        label: "Display Center — Riverside",
        address: "1400 Riverside Drive, Austin, TX 78704",
        phone: "+1 (512) 555-0163",
        email: "riverside@atelier.example",
        hours: "Tue–Sun 11:00–19:00",
      },
    ],
  },
  social: [
    { network: "instagram", label: "Instagram", url: "https://instagram.com/atelier" },
    { network: "facebook", label: "Facebook", url: "https://facebook.com/atelier" },
    { network: "x", label: "X (Twitter)", url: "https://x.com/atelier" },
    { network: "youtube", label: "YouTube", url: "https://youtube.com/@atelier" },
    { network: "tiktok", label: "TikTok", url: "https://tiktok.com/@atelier" },
  ],
};

/** Generated values are spread backwards from this date (never the wall clock). */
export const BASE_DATE = new Date("2026-11-01T00:00:00.000Z");
export const DAY_MS = 86_400_000;
/** Taxonomy rows date from before the oldest product. */
export const TAXONOMY_DATE = new Date(BASE_DATE.getTime() - 150 * DAY_MS);

export const DEFAULT_PRODUCTS = 240;
export const DEFAULT_SEED = 20261101;
export const MAX_PRODUCTS = 100_000;

/** Delivery zones and fees (minor units) of the demo shop. */
export const deliveryZoneDefs = [
  {
    name: "Inside the city",
    description: "New York City, all five boroughs",
    fee: 500,
    freeOver: 15000,
    estimate: "1-2 business days",
    sortOrder: 0,
  },
  {
    name: "Outside the city",
    description: "Anywhere else in the United States",
    fee: 1200,
    freeOver: null,
    estimate: "3-6 business days",
    sortOrder: 1,
  },
];

/** The store country's sales tax, in basis points (888 = 8.88 %). */
export const taxRateDefs = [{ name: "Sales tax", region: "US", rateBasisPoints: 888, appliesToDelivery: false }];
