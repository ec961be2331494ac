/**
 * The product form's values and how they become the API's body. People type money in
 * major units ("12.50") and choose from selects (text values); the schema below checks
 * what only the form knows (amounts), converts exactly (money.ts) and then applies the
 * contract's own ProductBody, so its messages land on the same field names.
 */
import {
  type AdminProduct,
  formatMinor,
  minorDigits,
  type ProductBody,
  ProductBody as ProductBodySchema,
  parseMoney,
  type SizeChart,
} from "@atelier/contract";
import { z } from "zod";

export interface VariantRow {
  sizeId: number;
  colorId: number;
  sku: string;
  stock: string;
}

export interface ImageValue {
  filename: string;
  alt: string;
  width: number;
  height: number;
}

export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  price: string;
  compareAtPrice: string;
  seriesId: string;
  categoryId: string;
  subCategoryId: string;
  subSubCategoryId: string;
  productTypeId: string;
  fabricId: string;
  genderId: string;
  tags: string;
  sizeIds: number[];
  colorIds: number[];
  variants: VariantRow[];
  sizeChart: SizeChart | null;
  seoTitle: string;
  seoDescription: string;
  images: ImageValue[];
  isPublished: boolean;
}

export const emptyProduct: ProductFormValues = {
  name: "",
  slug: "",
  description: "",
  price: "",
  compareAtPrice: "",
  seriesId: "",
  categoryId: "",
  subCategoryId: "",
  subSubCategoryId: "",
  productTypeId: "",
  fabricId: "",
  genderId: "",
  tags: "",
  sizeIds: [],
  colorIds: [],
  variants: [],
  sizeChart: null,
  seoTitle: "",
  seoDescription: "",
  images: [],
  isPublished: false,
};

const id = (value: string) => (value === "" ? null : Number(value));
const text = (value: number | null) => (value === null ? "" : String(value));
const unique = (values: number[]) => [...new Set(values)];

export function formValuesOf(product: AdminProduct, currency: string): ProductFormValues {
  const digits = minorDigits(currency);
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: formatMinor(product.price, digits),
    compareAtPrice: product.compareAtPrice === null ? "" : formatMinor(product.compareAtPrice, digits),
    seriesId: text(product.seriesId),
    categoryId: text(product.categoryId),
    subCategoryId: text(product.subCategoryId),
    subSubCategoryId: text(product.subSubCategoryId),
    productTypeId: text(product.productTypeId),
    fabricId: text(product.fabricId),
    genderId: text(product.genderId),
    tags: product.tags.join(", "),
    sizeIds: unique(product.variants.map((variant) => variant.sizeId)),
    colorIds: unique(product.variants.map((variant) => variant.colorId)),
    variants: product.variants.map((v) => ({
      sizeId: v.sizeId,
      colorId: v.colorId,
      sku: v.sku,
      stock: String(v.stock),
    })),
    sizeChart: product.sizeChart,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    images: product.images,
    isPublished: product.isPublished,
  };
}

/** The body the API takes; money must already be checked (see productFormSchema). */
export function bodyOf(values: ProductFormValues, digits: number): ProductBody {
  return {
    name: values.name,
    slug: values.slug.trim(),
    description: values.description,
    price: parseMoney(values.price, digits) ?? -1,
    compareAtPrice: values.compareAtPrice.trim() === "" ? null : (parseMoney(values.compareAtPrice, digits) ?? -1),
    seriesId: id(values.seriesId),
    // Unchosen selects go as null so the contract answers "choose a category".
    categoryId: id(values.categoryId) as number,
    subCategoryId: id(values.subCategoryId) as number,
    subSubCategoryId: id(values.subSubCategoryId) as number,
    productTypeId: id(values.productTypeId) as number,
    fabricId: id(values.fabricId),
    genderId: id(values.genderId),
    tags: values.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    variants: values.variants.map((variant) => ({
      sizeId: variant.sizeId,
      colorId: variant.colorId,
      sku: variant.sku,
      stock: /^\d+$/.test(variant.stock.trim()) ? Number(variant.stock) : Number.NaN,
    })),
    sizeChart: values.sizeChart,
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    images: values.images.map((image) => ({ filename: image.filename, alt: image.alt })),
    isPublished: values.isPublished,
  };
}

const moneyMessage = "must be an amount like 12.50";

/**
 * The form's resolver schema: every problem at once, the amounts' (typed text) and the
 * contract's rules on the converted body, each on its field's name.
 */
export function productFormSchema(currency: string) {
  const digits = minorDigits(currency);
  return z
    .custom<ProductFormValues>()
    .superRefine((values, ctx) => {
      const amounts = new Set<string>();
      if (parseMoney(values.price, digits) === null) amounts.add("price");
      if (values.compareAtPrice.trim() !== "" && parseMoney(values.compareAtPrice, digits) === null) {
        amounts.add("compareAtPrice");
      }
      for (const path of amounts) ctx.addIssue({ code: "custom", path: [path], message: moneyMessage });
      const checked = ProductBodySchema.safeParse(bodyOf(values, digits));
      for (const issue of checked.error?.issues ?? []) {
        if (!amounts.has(String(issue.path[0])))
          ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    })
    .transform((values) => ProductBodySchema.parse(bodyOf(values, digits)));
}
