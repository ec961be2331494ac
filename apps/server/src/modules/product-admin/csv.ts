/**
 * The products CSV: one row per variant, product fields repeated on each of its rows
 * (the first row of a product wins). Taxonomy and attributes are written by name so a
 * person can edit the file in a spreadsheet; money is in major units ("12.50"). This file
 * only turns text into checked rows and back (papaparse); names are resolved in import.ts.
 */
import { formatMinor, parseMoney } from "@atelier/contract";
import Papa from "papaparse";
import { formulaStart } from "../../http/csv.ts";

export const csvColumns = [
  "slug",
  "name",
  "description",
  "price",
  "compare_at_price",
  "category",
  "sub_category",
  "sub_sub_category",
  "product_type",
  "series",
  "fabric",
  "gender",
  "tags",
  "published",
  "seo_title",
  "seo_description",
  "size",
  "color",
  "sku",
  "stock",
] as const;
export type CsvColumn = (typeof csvColumns)[number];

export interface CsvRow {
  slug: string;
  name: string;
  description: string;
  price: number;
  compareAtPrice: number | null;
  category: string;
  subCategory: string;
  subSubCategory: string;
  productType: string;
  series: string;
  fabric: string;
  gender: string;
  tags: string[];
  published: boolean;
  seoTitle: string;
  seoDescription: string;
  size: string;
  color: string;
  sku: string;
  stock: number;
}

/** A row as read: its line in the file (the header is line 1), for the error report. */
export interface ParsedRow extends CsvRow {
  line: number;
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

const required: readonly CsvColumn[] = [
  "name",
  "price",
  "category",
  "sub_category",
  "sub_sub_category",
  "product_type",
  "size",
  "color",
  "sku",
  "stock",
];
const tagSeparator = "|";

export function toCsv(rows: readonly CsvRow[], digits = 2): string {
  const data = rows.map((row) => [
    row.slug,
    row.name,
    row.description,
    formatMinor(row.price, digits),
    row.compareAtPrice === null ? "" : formatMinor(row.compareAtPrice, digits),
    row.category,
    row.subCategory,
    row.subSubCategory,
    row.productType,
    row.series,
    row.fabric,
    row.gender,
    row.tags.join(tagSeparator),
    row.published ? "true" : "false",
    row.seoTitle,
    row.seoDescription,
    row.size,
    row.color,
    row.sku,
    String(row.stock),
  ]);
  // Quote every field: a description with commas or line breaks survives a round trip. A
  // cell a spreadsheet would run as a formula gets a leading apostrophe (as every admin
  // export does, http/csv.ts); reading the file takes it off again.
  return Papa.unparse(
    { fields: [...csvColumns], data },
    { quotes: true, newline: "\r\n", escapeFormulae: formulaStart },
  );
}

const booleans: Record<string, boolean> = {
  "": false,
  true: true,
  false: false,
  yes: true,
  no: false,
  "1": true,
  "0": false,
};

/** The export's apostrophe before a would-be formula (`'=SUM(…)`) comes off on import. */
const unescapeFormula = (text: string) =>
  text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;

/** Reads the file; every problem is reported with its line and column, nothing is thrown. */
export function parseCsv(text: string, digits = 2): { rows: ParsedRow[]; errors: RowError[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const errors: RowError[] = [];
  const headers = parsed.meta.fields ?? [];
  const missing = required.filter((column) => !headers.includes(column));
  if (missing.length > 0) {
    return { rows: [], errors: missing.map((field) => ({ row: 1, field, message: "column is missing" })) };
  }
  for (const problem of parsed.errors) {
    errors.push({ row: (problem.row ?? 0) + 2, field: "row", message: problem.message });
  }
  const rows: ParsedRow[] = [];
  parsed.data.forEach((record, index) => {
    const line = index + 2;
    const cell = (column: CsvColumn) => unescapeFormula((record[column] ?? "").trim());
    const fail = (field: CsvColumn, message: string) => errors.push({ row: line, field, message });
    for (const column of required) if (cell(column) === "") fail(column, "is required");

    const price = parseMoney(cell("price"), digits);
    if (cell("price") !== "" && price === null) fail("price", "must be an amount of zero or more, like 12.50");
    const compareText = cell("compare_at_price");
    const compareAtPrice = compareText === "" ? null : parseMoney(compareText, digits);
    if (compareText !== "" && compareAtPrice === null)
      fail("compare_at_price", "must be empty or an amount like 12.50");
    if (price !== null && compareAtPrice !== null && compareAtPrice < price) {
      fail("compare_at_price", "must be empty or at least the price");
    }
    const stock = /^\d{1,7}$/.test(cell("stock")) ? Number(cell("stock")) : null;
    if (cell("stock") !== "" && stock === null) fail("stock", "must be a whole number of zero or more");
    const published = booleans[cell("published").toLowerCase()];
    if (published === undefined) fail("published", "must be true or false");
    const slug = cell("slug");
    if (slug !== "" && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
      fail("slug", "may hold only lower-case letters, digits and single dashes");
    }
    if (cell("seo_title").length > 70) fail("seo_title", "must have at most 70 characters");
    if (cell("seo_description").length > 170) fail("seo_description", "must have at most 170 characters");
    if (cell("name").length > 160) fail("name", "must have at most 160 characters");
    if (cell("sku").length > 64) fail("sku", "must have at most 64 characters");

    rows.push({
      line,
      slug,
      name: cell("name"),
      description: record.description ?? "",
      price: price ?? 0,
      compareAtPrice,
      category: cell("category"),
      subCategory: cell("sub_category"),
      subSubCategory: cell("sub_sub_category"),
      productType: cell("product_type"),
      series: cell("series"),
      fabric: cell("fabric"),
      gender: cell("gender"),
      tags: cell("tags")
        .split(tagSeparator)
        .map((tag) => tag.trim())
        .filter(Boolean),
      published: published ?? false,
      seoTitle: cell("seo_title"),
      seoDescription: cell("seo_description"),
      size: cell("size"),
      color: cell("color"),
      sku: cell("sku"),
      stock: stock ?? 0,
    });
  });
  return { rows, errors };
}

/** Rows grouped into products: by slug, or by name when the slug is left empty (a new product). */
export function groupRows(rows: readonly ParsedRow[]): ParsedRow[][] {
  const groups = new Map<string, ParsedRow[]>();
  for (const row of rows) {
    const key = row.slug ? `slug:${row.slug}` : `name:${row.name.toLowerCase()}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}
