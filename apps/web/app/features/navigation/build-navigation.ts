/**
 * The spec's category-navigation rules (section 2, "Category navigation") as pure
 * functions from the taxonomy the server lists to the menus the storefront draws.
 */
import type { Category, Gender, SubCategory, SubSubCategory, Taxonomy } from "@atelier/contract";
import { paths } from "../../lib/paths.ts";

export type GroupLabel = "Elite" | "Regular" | "Printed";

export interface NavLink {
  id: number;
  name: string;
  href: string;
}

/** `label` is null for the plain alphabetical group. */
export interface NavGroup {
  label: GroupLabel | null;
  items: NavLink[];
}

export interface NavSubCategory {
  id: number;
  name: string;
  groups: NavGroup[];
}

export interface NavCategory {
  id: number;
  name: string;
  href: string;
  /** Shown on large screens only. */
  image: string | null;
  subCategories: NavSubCategory[];
}

export interface NavMenu {
  key: string;
  label: string;
  href: string;
  kind: "home" | "gender" | "category";
  categories: NavCategory[];
}

/** A menu as the category row draws it before anyone opens it: its button or link, no panel. */
export type NavMenuRow = Omit<NavMenu, "categories">;

/**
 * What the root sends every page for its navigation: the rows the header, the category bar
 * and the drawer draw at first paint, and where the collab row's Customize goes. The
 * menus' deeper levels are built in the browser when a shopper reaches for a menu
 * (menu-data.ts), from the taxonomy the API answers.
 */
export interface ShellNavigation {
  menus: NavMenuRow[];
  customizeHref: string | null;
}

const CUSTOMIZE = "customize";
// One collator for all comparisons: localeCompare with options builds one per call,
// which made sorting the menus a visible share of every server-rendered page.
const collator = new Intl.Collator("en", { sensitivity: "base" });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
const bySerial = (a: Category, b: Category) => a.serial - b.serial || a.id - b.id;

export function isPrinted(name: string): boolean {
  return name.toLowerCase().includes("printed");
}

/** Categories of the plain list: not 'Customize', not gender-varied, by serial. */
export function plainCategories(categories: readonly Category[]): Category[] {
  return categories
    .filter((category) => category.name.trim().toLowerCase() !== CUSTOMIZE && !category.isGenderVaried)
    .sort(bySerial);
}

/** Which gender flag a gender's menu follows; other genders have no gender-varied categories. */
export function genderFlag(gender: Pick<Gender, "name">): "isForMen" | "isForWomen" | undefined {
  const name = gender.name.trim().toLowerCase();
  if (name === "men") return "isForMen";
  if (name === "women") return "isForWomen";
  return undefined;
}

/** The gender-varied categories listed under a gender, by serial. */
export function genderCategories(categories: readonly Category[], gender: Pick<Gender, "name">): Category[] {
  const flag = genderFlag(gender);
  if (!flag) return [];
  return categories
    .filter((category) => category.isGenderVaried && category[flag] && category.name.trim().toLowerCase() !== CUSTOMIZE)
    .sort(bySerial);
}

export function enabledSubCategories(subCategories: readonly SubCategory[], categoryId: number): SubCategory[] {
  return subCategories.filter((sub) => sub.categoryId === categoryId && !sub.isDisabled).sort(byName);
}

/**
 * isEnablePremium: 'Elite' (isPremium) then 'Regular'. Otherwise alphabetical, with the
 * items whose name contains 'printed' in a separate 'Printed' group after the rest.
 */
export function groupSubSubCategories(
  subCategory: Pick<SubCategory, "isEnablePremium">,
  items: readonly SubSubCategory[],
  linkOf: (item: SubSubCategory) => string = (item) => paths.productList(item.id),
): NavGroup[] {
  const sorted = [...items].sort(byName);
  const toLink = (item: SubSubCategory): NavLink => ({ id: item.id, name: item.name, href: linkOf(item) });
  const groups: NavGroup[] = subCategory.isEnablePremium
    ? [
        { label: "Elite", items: sorted.filter((item) => item.isPremium).map(toLink) },
        { label: "Regular", items: sorted.filter((item) => !item.isPremium).map(toLink) },
      ]
    : [
        { label: null, items: sorted.filter((item) => !isPrinted(item.name)).map(toLink) },
        { label: "Printed", items: sorted.filter((item) => isPrinted(item.name)).map(toLink) },
      ];
  return groups.filter((group) => group.items.length > 0);
}

export function navCategory(taxonomy: Taxonomy, category: Category, gender?: Gender): NavCategory {
  const linkOf = (item: SubSubCategory) => paths.productList(item.id, { gender: gender?.slug });
  return {
    id: category.id,
    name: category.name,
    href: paths.category(category.name),
    image: category.filename,
    subCategories: enabledSubCategories(taxonomy.subCategories, category.id).map((sub) => ({
      id: sub.id,
      name: sub.name,
      groups: groupSubSubCategories(
        sub,
        taxonomy.subSubCategories.filter((item) => item.subCategoryId === sub.id),
        linkOf,
      ),
    })),
  };
}

const built = new WeakMap<Taxonomy, NavMenu[]>();

/**
 * `buildNavigation`, once per taxonomy: on the server every page shares one taxonomy object
 * until it changes (the host's shared reads), in the browser the root's loader data does, so
 * the menus are built once per change rather than on every render.
 */
export function navigationOf(taxonomy: Taxonomy): NavMenu[] {
  let menus = built.get(taxonomy);
  if (!menus) {
    menus = buildNavigation(taxonomy);
    built.set(taxonomy, menus);
  }
  return menus;
}

/** Home, then each gender expanded into its categories, then the plain categories. */
export function buildNavigation(taxonomy: Taxonomy): NavMenu[] {
  const genders: NavMenu[] = taxonomy.genders
    .map((gender) => ({
      key: `gender-${gender.id}`,
      label: gender.name,
      href: paths.category(gender.name),
      kind: "gender" as const,
      categories: genderCategories(taxonomy.categories, gender).map((category) =>
        navCategory(taxonomy, category, gender),
      ),
    }))
    .filter((menu) => menu.categories.length > 0);
  const others: NavMenu[] = plainCategories(taxonomy.categories).map((category) => ({
    key: `category-${category.id}`,
    label: category.name,
    href: paths.category(category.name),
    kind: "category" as const,
    categories: [navCategory(taxonomy, category)],
  }));
  return [{ key: "home", label: "Home", href: paths.home(), kind: "home", categories: [] }, ...genders, ...others];
}

/** The 'Customize' category, which the collab row links to instead of the category list. */
export function customizeCategory(categories: readonly Category[]): Category | undefined {
  return categories.find((category) => category.name.trim().toLowerCase() === CUSTOMIZE);
}

const shells = new WeakMap<Taxonomy, ShellNavigation>();

/** `ShellNavigation` of a taxonomy, once per taxonomy object (the host's shared reads keep one until it changes). */
export function shellNavigationOf(taxonomy: Taxonomy): ShellNavigation {
  let shell = shells.get(taxonomy);
  if (!shell) {
    const customize = customizeCategory(taxonomy.categories);
    shell = {
      menus: navigationOf(taxonomy).map(({ key, label, href, kind }) => ({ key, label, href, kind })),
      customizeHref: customize ? paths.category(customize.name) : null,
    };
    shells.set(taxonomy, shell);
  }
  return shell;
}
