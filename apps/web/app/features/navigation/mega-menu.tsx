/**
 * A desktop menu's panel: its categories, each with its sub-categories' grouped links and,
 * on large screens, its image. Loaded with the menus' data when a shopper first reaches for
 * the category row (menu-data.ts), not with every page.
 */
import { Link } from "react-router";
import type { NavMenu } from "./build-navigation.ts";
import { CategoryImage, SubCategoryColumns } from "./category-panel.tsx";

export function MegaMenu({ menu }: { menu: NavMenu }) {
  return (
    <div className="absolute inset-x-0 top-full z-30 flex justify-center">
      <div
        id={`menu-panel-${menu.key}`}
        data-testid={`menu-${menu.label}`}
        className="mt-px w-full max-w-screen-xl overflow-hidden rounded-b-2xl border border-line border-t-0 bg-white shadow-xl"
      >
        <div className="max-h-[70vh] space-y-8 overflow-y-auto p-6">
          {menu.categories.map((category) => (
            <div key={category.id} className="flex gap-8">
              <div className="flex-1">
                <Link to={category.href} className="mb-4 inline-block font-semibold text-lg hover:underline">
                  {menu.kind === "gender" ? category.name : `All ${category.name}`}
                </Link>
                <SubCategoryColumns category={category} />
              </div>
              <CategoryImage category={category} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
