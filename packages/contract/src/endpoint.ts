/**
 * One API endpoint = one object: method, path pattern and the zod schemas of its
 * params, query, body and response. The server registers routes from these objects,
 * the OpenAPI document is generated from them and the web client builds its URLs and
 * parses its answers with them, so no shape or path is written twice.
 */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below the API base, with `:name` parameters (Fastify syntax). */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export function defineEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  endpoint: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return endpoint;
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

type QueryValue = string | number | boolean | undefined | null;

/**
 * Builds the URL of an endpoint below `base` (default `/api`): fills `:name` parameters
 * (URL-encoded) and appends the defined query values.
 */
export function endpointUrl(
  endpoint: Pick<Endpoint, "path">,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
  base = "/api",
): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}${path}${qs ? `?${qs}` : ""}`;
}
