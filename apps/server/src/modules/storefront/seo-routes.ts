/** sitemap.xml and robots.txt, at the site's root (outside /api). */
import type { FastifyInstance } from "fastify";
import type { CatalogRepository, CatalogService } from "../catalog/index.ts";
import { robotsTxt, sitemapXml } from "./sitemap.ts";

export function seoRoutes(deps: {
  publicUrl: string;
  catalog: CatalogService;
  repo: CatalogRepository;
  /** Collaborators with a public page (issue 16). */
  collabPages?: () => Promise<{ kind: string; slug: string; updatedAt: string }[]>;
}) {
  return async (app: FastifyInstance) => {
    app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
      const [taxonomy, series, products, collabs] = await Promise.all([
        deps.catalog.taxonomyData(),
        deps.repo.listSeries(),
        deps.repo.publishedForSitemap(),
        deps.collabPages?.() ?? [],
      ]);
      return reply
        .type("application/xml; charset=utf-8")
        .send(sitemapXml(deps.publicUrl, { taxonomy, series, products, collabs }));
    });
    app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
      reply.type("text/plain; charset=utf-8").send(robotsTxt(deps.publicUrl)),
    );
  };
}
