/** A category's enabled sub-categories with their grouped sub-sub-categories. */
import { PrefetchLink } from "../../components/prefetch-link.tsx";

import { StoredImage } from "../../components/stored-image.tsx";
import type { NavCategory } from "./build-navigation.ts";

export function SubCategoryColumns({
  category,
  headingLevel = 3,
  onNavigate,
}: {
  category: NavCategory;
  /** Sub-category names are headings one level below the category's. */
  headingLevel?: 2 | 3;
  onNavigate?: () => void;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (category.subCategories.length === 0) return <p className="text-muted text-sm">New pieces are on their way.</p>;
  return (
    <div className="grid grid-cols-2 gap-x-8 gap-y-6 md:grid-cols-3">
      {category.subCategories.map((sub) => (
        <section key={sub.id} aria-label={sub.name} data-testid={`sub-category-${sub.id}`}>
          <Heading className="mb-2 font-semibold text-sm">{sub.name}</Heading>
          {sub.groups.map((group) => (
            <div key={group.label ?? "all"} className="mb-3" data-group={group.label ?? "all"}>
              {group.label && (
                <p className="mb-1 font-semibold text-[0.7rem] text-brand uppercase tracking-widest">{group.label}</p>
              )}
              <ul className="space-y-1">
                {group.items.map((item) => (
                  <li key={item.id}>
                    <PrefetchLink
                      to={item.href}
                      onClick={onNavigate}
                      className="text-muted text-sm hover:text-ink hover:underline"
                    >
                      {item.name}
                    </PrefetchLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

/** The category image, on large screens only (spec: "A category with an image shows it on large screens"). */
export function CategoryImage({ category }: { category: NavCategory }) {
  if (!category.image) return null;
  return (
    <StoredImage
      filename={category.image}
      srcWidth={480}
      sizes="16rem"
      alt={category.name}
      loading="lazy"
      className="hidden aspect-[4/5] w-56 shrink-0 rounded-xl object-cover lg:block"
      data-testid="category-image"
    />
  );
}
