/**
 * One API endpoint = one object: method, path pattern and the zod schemas of its
 * params, query, body and response. The server registers routes from these objects,
 * the OpenAPI document is generated from them and the web client builds its URLs and
 * parses its answers with them, so no shape or path is written twice.
 */
import type { z } from "zod";
import type { Access } from "./permissions.ts";

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
  /** Who may call it (default "public"); enforced by the server's access hook. */
  access?: Access;
}

export function defineEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  endpoint: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return endpoint;
}

/**
 * A staff action on one record (check, quote, approve, reject, received …): a POST to the
 * action's path with the record's id and a body carrying its version, answering the record.
 * `record` says what the actions of one kind of record share.
 */
export function recordAction<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  record: { params: P; response: R; tags: readonly string[]; access: Access },
  action: { path: string; summary: string; body: B },
): Endpoint<P, z.ZodType, B, R> {
  return {
    method: "POST",
    path: action.path,
    summary: action.summary,
    tags: record.tags,
    params: record.params,
    body: action.body,
    response: record.response,
    access: record.access,
  };
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

export { endpointUrl } from "./constants.ts";
