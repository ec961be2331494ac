import { describe, expect, it } from "vitest";
import { bodyOf, emptyProduct, productFormSchema } from "./form-values.ts";

const filled = {
  ...emptyProduct,
  name: "Harbour Hoodie",
  price: "49.50",
  compareAtPrice: "",
  categoryId: "1",
  subCategoryId: "2",
  subSubCategoryId: "3",
  productTypeId: "4",
  tags: "winter, , bestseller ",
  variants: [{ sizeId: 1, colorId: 2, sku: "HH-1", stock: "5" }],
};

describe("the product form", () => {
  it("sends the price in exact cents and the choices as ids", () => {
    const body = bodyOf({ ...filled, price: "0.29", compareAtPrice: "1.10", seriesId: "7" }, 2);
    expect(body).toMatchObject({ price: 29, compareAtPrice: 110, seriesId: 7, fabricId: null, categoryId: 1 });
    expect(body.tags).toEqual(["winter", "bestseller"]);
    expect(body.variants).toEqual([{ sizeId: 1, colorId: 2, sku: "HH-1", stock: 5 }]);
  });

  it("says what is wrong beside the price, the category and a variant's stock", () => {
    const result = productFormSchema("USD").safeParse({
      ...filled,
      price: "12,50",
      categoryId: "",
      variants: [{ sizeId: 1, colorId: 2, sku: "", stock: "-1" }],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages.price).toBe("must be an amount like 12.50");
    expect(messages.categoryId).toBe("choose a category");
    expect(messages["variants.0.sku"]).toBe("is required");
    expect(messages["variants.0.stock"]).toBeDefined();
  });

  it("passes a complete product as the contract's body", () => {
    const result = productFormSchema("USD").safeParse(filled);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(result.data?.price).toBe(4950);
  });
});
