import type { Category, SubCategory, SubSubCategory, Taxonomy } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import {
  buildNavigation,
  enabledSubCategories,
  genderCategories,
  groupSubSubCategories,
  plainCategories,
  shellNavigationOf,
} from "./build-navigation.ts";

const category = (id: number, name: string, serial: number, flags: Partial<Category> = {}): Category => ({
  id,
  name,
  serial,
  filename: null,
  isGenderVaried: false,
  isForMen: false,
  isForWomen: false,
  ...flags,
});
const sub = (id: number, categoryId: number, name: string, flags: Partial<SubCategory> = {}): SubCategory => ({
  id,
  categoryId,
  name,
  isDisabled: false,
  isEnablePremium: false,
  ...flags,
});
const leaf = (id: number, subCategoryId: number, name: string, isPremium = false): SubSubCategory => ({
  id,
  subCategoryId,
  name,
  isPremium,
});

const categories = [
  category(1, "Merchandise", 30, { filename: "merch.webp" }),
  category(2, "Topwear", 10, { isGenderVaried: true, isForMen: true, isForWomen: true }),
  category(3, "Customize", 5),
  category(4, "Accessories", 20),
  category(5, "Ethnic Wear", 15, { isGenderVaried: true, isForWomen: true }),
  category(6, "Footwear", 1),
];

describe("plain category list", () => {
  it("leaves out 'Customize' and gender-varied categories and sorts by serial ascending", () => {
    expect(plainCategories(categories).map((c) => c.name)).toEqual(["Footwear", "Accessories", "Merchandise"]);
  });
});

describe("gender menus", () => {
  it("expand Men and Women into their gender-varied categories by serial", () => {
    expect(genderCategories(categories, { name: "Men" }).map((c) => c.name)).toEqual(["Topwear"]);
    expect(genderCategories(categories, { name: "Women" }).map((c) => c.name)).toEqual(["Topwear", "Ethnic Wear"]);
  });

  it("give other genders no categories", () => {
    expect(genderCategories(categories, { name: "Kids" })).toEqual([]);
  });
});

describe("sub-categories", () => {
  it("lists only enabled sub-categories of the category", () => {
    const subs = [sub(1, 2, "T-Shirts"), sub(2, 2, "Vests", { isDisabled: true }), sub(3, 4, "Caps")];
    expect(enabledSubCategories(subs, 2).map((s) => s.name)).toEqual(["T-Shirts"]);
  });
});

describe("sub-sub-category groups", () => {
  it("groups premium sub-categories under 'Elite' (isPremium) and 'Regular'", () => {
    const groups = groupSubSubCategories({ isEnablePremium: true }, [
      leaf(1, 1, "Supima Tees", true),
      leaf(2, 1, "Basic Tees"),
      leaf(3, 1, "Printed Tees"),
      leaf(4, 1, "Silk Blend Tees", true),
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.name)])).toEqual([
      ["Elite", ["Silk Blend Tees", "Supima Tees"]],
      ["Regular", ["Basic Tees", "Printed Tees"]],
    ]);
  });

  it("lists other items alphabetically with names containing 'printed' in a separate 'Printed' group", () => {
    const groups = groupSubSubCategories({ isEnablePremium: false }, [
      leaf(1, 1, "Mugs"),
      leaf(2, 1, "Printed Mugs"),
      leaf(3, 1, "Caps"),
      leaf(4, 1, "All-over PRINTED Totes"),
      leaf(5, 1, "bottles"),
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.name)])).toEqual([
      [null, ["bottles", "Caps", "Mugs"]],
      ["Printed", ["All-over PRINTED Totes", "Printed Mugs"]],
    ]);
  });

  it("links each item to /products/{id}", () => {
    const [group] = groupSubSubCategories({ isEnablePremium: false }, [leaf(42, 1, "Hoodies")]);
    expect(group?.items[0]?.href).toBe("/products/42");
  });

  it("leaves out empty groups", () => {
    const groups = groupSubSubCategories({ isEnablePremium: true }, [leaf(1, 1, "Basic Tees")]);
    expect(groups.map((g) => g.label)).toEqual(["Regular"]);
  });
});

describe("buildNavigation", () => {
  const taxonomy: Taxonomy = {
    genders: [
      { id: 1, name: "Men", slug: "men" },
      { id: 2, name: "Women", slug: "women" },
    ],
    categories,
    subCategories: [
      sub(10, 2, "T-Shirts", { isEnablePremium: true }),
      sub(11, 1, "Drinkware"),
      sub(12, 1, "Old", { isDisabled: true }),
    ],
    subSubCategories: [
      leaf(100, 10, "Elite Tees", true),
      leaf(101, 11, "Printed Mugs"),
      leaf(102, 11, "Mugs"),
      leaf(103, 12, "Hidden"),
    ],
  };

  it("is Home, then the gender menus, then the plain categories by serial", () => {
    expect(buildNavigation(taxonomy).map((menu) => menu.label)).toEqual([
      "Home",
      "Men",
      "Women",
      "Footwear",
      "Accessories",
      "Merchandise",
    ]);
  });

  it("links gender menu items with the gender and keeps the category image", () => {
    const men = buildNavigation(taxonomy).find((menu) => menu.label === "Men");
    expect(men?.categories[0]?.subCategories[0]?.groups[0]?.items[0]?.href).toBe("/products/100?gender=men");
    const merch = buildNavigation(taxonomy).find((menu) => menu.label === "Merchandise");
    expect(merch?.categories[0]?.image).toBe("merch.webp");
    expect(merch?.categories[0]?.subCategories.map((s) => s.name)).toEqual(["Drinkware"]);
    expect(merch?.categories[0]?.subCategories[0]?.groups.map((g) => g.label)).toEqual([null, "Printed"]);
  });

  it("sends pages only the rows and the Customize link, built once per taxonomy", () => {
    const shell = shellNavigationOf(taxonomy);
    expect(shell.menus).toEqual(
      buildNavigation(taxonomy).map(({ key, label, href, kind }) => ({ key, label, href, kind })),
    );
    expect(shell.menus.every((menu) => !("categories" in menu))).toBe(true);
    expect(shell.customizeHref).toBe("/categories/Customize");
    expect(shellNavigationOf(taxonomy)).toBe(shell);
    expect(shellNavigationOf({ ...taxonomy, categories: [category(1, "Merchandise", 30)] }).customizeHref).toBeNull();
  });
});
