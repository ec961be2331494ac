/**
 * Registers a contract endpoint as a Fastify route: params, query, body and response
 * schemas come from the endpoint object, so validation, types and the OpenAPI document
 * all follow the contract.
 */
import { type Endpoint, ErrorBody } from "@atelier/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { accessHook } from "./access.ts";

/** A body already serialised to JSON (e.g. from the response cache): sent as is. */
export class RawJson {
  readonly body: string;
  readonly etag: string | undefined;
  #value: unknown;
  #parsed = false;

  constructor(body: string, etag?: string) {
    this.body = body;
    this.etag = etag;
  }

  /**
   * The answer as a value, for in-process reads (http/in-process.ts): parsed once per
   * cached answer, not per read, and frozen, since every reader shares it.
   */
  get value(): unknown {
    if (!this.#parsed) {
      this.#value = deepFreeze(JSON.parse(this.body));
      this.#parsed = true;
    }
    return this.#value;
  }
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointRequest<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? FastifyRequest<{ Params: Input<P>; Querystring: Input<Q>; Body: Input<B> }>
    : never;

export type EndpointHandler<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R>
    ? (request: EndpointRequest<E>, reply: FastifyReply) => Promise<z.output<R> | RawJson | FastifyReply>
    : never;

/**
 * The endpoint's `access` becomes the route's first onRequest hook (and its route
 * config, which the access test walks), so no handler checks permissions itself.
 */
export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: Pick<RouteShorthandOptions, "onRequest" | "preHandler" | "bodyLimit"> & {
    config?: Record<string, unknown>;
  } = {},
): void {
  const access = endpoint.access ?? "public";
  // A public read with nothing in front of its handler (no rate limit, no hook): the web
  // host's loaders may call it in process (http/in-process.ts).
  if (
    endpoint.method === "GET" &&
    access === "public" &&
    !options.onRequest &&
    !options.preHandler &&
    options.config?.rateLimit === undefined &&
    app.hasDecorator("inProcessReads")
  ) {
    app.inProcessReads.set(endpoint, handler as InProcessHandler);
  }
  const guard = accessHook(access);
  const extraOnRequest = options.onRequest ? [options.onRequest].flat() : [];
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    config: { ...options.config, access },
    ...(guard || extraOnRequest.length > 0 ? { onRequest: [...(guard ? [guard] : []), ...extraOnRequest] } : {}),
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(access === "public" ? {} : { security: [{ bearer: [] }, { cookie: [] }] }),
      ...(typeof access === "object"
        ? {
            description: access.sessionsOnly
              ? `Needs a staff role with the "${access.permission}" permission, signed in as a person (admin API tokens are refused).`
              : `Needs a staff role with the "${access.permission}" permission (or an admin API token given it).`,
          }
        : access === "staff"
          ? { description: "Needs a staff role (or any admin API token)." }
          : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, "4xx": ErrorBody },
    },
    handler: async (request, reply) => {
      const result = await (handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(
        request,
        reply,
      );
      if (result instanceof RawJson) {
        if (result.etag) {
          reply.header("etag", result.etag);
          if (request.headers["if-none-match"] === result.etag) return reply.status(304).send();
        }
        return reply.type("application/json; charset=utf-8").send(result.body);
      }
      return result;
    },
  });
}

/** A route's handler as the in-process reads call it (http/in-process.ts). */
export type InProcessHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module "fastify" {
  interface FastifyInstance {
    /** The public reads registered by `addRoute`, by endpoint, for http/in-process.ts. */
    inProcessReads: Map<Endpoint, InProcessHandler>;
  }
  interface FastifyContextConfig {
    /** The endpoint's declared access (set by addRoute; walked by the access test). */
    access?: import("@atelier/contract/constants").Access;
  }
}
