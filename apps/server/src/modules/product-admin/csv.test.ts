import { describe, expect, it } from "vitest";
import { type CsvRow, csvColumns, groupRows, parseCsv, toCsv } from "./csv.ts";

const hoodie: CsvRow = {
  slug: "harbour-hoodie",
  name: "Harbour Hoodie",
  description: 'Soft, warm; "brushed" inside.\nMachine washable.',
  price: 4950,
  compareAtPrice: 5900,
  category: "Men",
  subCategory: "Topwear",
  subSubCategory: "Hoodies",
  productType: "Hoodie",
  series: "",
  fabric: "Cotton",
  gender: "Men",
  tags: ["winter", "bestseller"],
  published: true,
  seoTitle: "Harbour Hoodie",
  seoDescription: "",
  size: "M",
  color: "Navy",
  sku: "HH-M-NAVY",
  stock: 12,
};

const header = csvColumns.join(",");

describe("the products CSV", () => {
  it("reads back exactly what it wrote, commas, quotes and line breaks included", () => {
    const text = toCsv([hoodie, { ...hoodie, size: "L", sku: "HH-L-NAVY", stock: 0 }]);
    const { rows, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { ...hoodie, line: 2 },
      { ...hoodie, size: "L", sku: "HH-L-NAVY", stock: 0, line: 3 },
    ]);
  });

  it("neutralises cells a spreadsheet would run as formulas, and reads them back as written", () => {
    const hostile = { ...hoodie, name: '=HYPERLINK("http://evil.example","Hi")', seoTitle: "+1 tee", tags: ["@sale"] };
    const text = toCsv([hostile]);
    expect(text).toContain(`"'=HYPERLINK(`);
    expect(text).toContain(`"'+1 tee"`);
    expect(text).toContain(`"'@sale"`);
    expect(text).toContain(`"49.50"`);
    const { rows, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([{ ...hostile, line: 2 }]);
  });

  it("writes money in major units and reads it back as exact cents", () => {
    const text = toCsv([{ ...hoodie, price: 29, compareAtPrice: null }]);
    expect(text).toContain('"0.29"');
    expect(parseCsv(text).rows[0]?.price).toBe(29);
  });

  it("names the line and column of every bad value", () => {
    const text = [
      header,
      "tee,Tee,,-3,,Men,Topwear,Tees,T-Shirt,,,,,maybe,,,M,Black,T-1,2",
      "tee,Tee,,10.00,5.00,Men,Topwear,Tees,T-Shirt,,,,,,,,,Black,T-2,lots",
    ].join("\n");
    const { errors } = parseCsv(text);
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 2, field: "price", message: "must be an amount of zero or more, like 12.50" },
        { row: 2, field: "published", message: "must be true or false" },
        { row: 3, field: "compare_at_price", message: "must be empty or at least the price" },
        { row: 3, field: "size", message: "is required" },
        { row: 3, field: "stock", message: "must be a whole number of zero or more" },
      ]),
    );
    expect(errors).toHaveLength(5);
  });

  it("refuses a file without the required columns before reading any row", () => {
    const { rows, errors } = parseCsv("name,price\nTee,10.00\n");
    expect(rows).toEqual([]);
    expect(errors.map((error) => error.field)).toEqual(
      expect.arrayContaining([
        "category",
        "sub_category",
        "sub_sub_category",
        "product_type",
        "size",
        "color",
        "sku",
        "stock",
      ]),
    );
    expect(errors.every((error) => error.row === 1)).toBe(true);
  });

  it("ignores blank lines, a byte-order mark and the case of headers", () => {
    const text = `\uFEFF${header.toUpperCase()}\n\ntee,Tee,,10,,Men,Topwear,Tees,T-Shirt,,,,a|b,yes,,,M,Black,T-1,2\n\n`;
    const { rows, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ price: 1000, tags: ["a", "b"], published: true, stock: 2 });
  });

  it("groups the rows of one product by slug, or by name when the slug is empty", () => {
    const { rows } = parseCsv(
      [
        header,
        "tee,Tee,,10,,Men,Topwear,Tees,T-Shirt,,,,,,,,M,Black,T-1,2",
        ",New Cap,,10,,Men,Accessories,Caps,Cap,,,,,,,,One,Black,C-1,2",
        "tee,Tee,,10,,Men,Topwear,Tees,T-Shirt,,,,,,,,L,Black,T-2,2",
        ",new cap,,10,,Men,Accessories,Caps,Cap,,,,,,,,One,Red,C-2,2",
      ].join("\n"),
    );
    expect(groupRows(rows).map((group) => group.map((row) => row.sku))).toEqual([
      ["T-1", "T-2"],
      ["C-1", "C-2"],
    ]);
  });
});
