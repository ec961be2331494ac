import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { contentSlugs } from "./lib/paths.ts";

export default [
  layout("routes/storefront-layout.tsx", [
    index("routes/home.tsx"),
    route("categories/:categoryName", "routes/category.tsx"),
    route("products/:categoryId", "routes/products.tsx"),
    ...contentSlugs.map((slug) => route(slug, "routes/content-page.tsx", { id: `content-${slug}` })),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
