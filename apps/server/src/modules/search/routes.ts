/**
 * The search calls: the spec's two suggestion lists (public despite their /admin path)
 * and the results page's query. A failure is logged and answered as "nothing found"
 * (spec section 8: search errors show no message to the shopper). Each address may make
 * `perIpPerMinute` search requests a minute (429 with Retry-After beyond that).
 */
import { searchEndpoints } from "@atelier/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { addRoute } from "../../http/routes.ts";
import type { SearchService } from "./service.ts";

async function orLogged<T>(request: FastifyRequest, work: () => Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    request.log.error({ err: error, url: request.url }, "search failed; answering nothing found");
    return fallback();
  }
}

export function searchRoutes(search: SearchService, options: { perIpPerMinute: number }) {
  return async (app: FastifyInstance) => {
    const config = { rateLimit: { max: options.perIpPerMinute, timeWindow: "1 minute" } };
    addRoute(
      app,
      searchEndpoints.searchBarProducts,
      (request) =>
        orLogged(
          request,
          () => search.suggestions(request.query.q),
          () => [],
        ),
      { config },
    );
    addRoute(
      app,
      searchEndpoints.searchProducts,
      (request) =>
        orLogged(
          request,
          () => search.suggestions(request.query.q),
          () => [],
        ),
      { config },
    );
    addRoute(
      app,
      searchEndpoints.results,
      (request) =>
        orLogged(
          request,
          () => search.results(request.query),
          () => search.failedResults(request.query),
        ),
      { config },
    );
  };
}
