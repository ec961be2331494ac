/**
 * The typed API client. On the server, route loaders get a transport that calls the
 * Fastify app in-process (see apps/server/src/http/web.ts); in the browser it is fetch.
 * Either way the contract's endpoint objects give the URL and the answer's type.
 */
import type { Endpoint, ErrorBody, ResponseOf } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import { createContext, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { credentialHeaders } from "./credentials.ts";

type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;

export type ApiTransport = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.error.message ?? `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface ApiClient {
  get<E extends Endpoint>(endpoint: E, options?: RequestOptions): Promise<ResponseOf<E>>;
  /** POST/PUT/PATCH/DELETE with a JSON body (validated by the server against the contract). */
  send<E extends Endpoint>(
    endpoint: E,
    options?: RequestOptions & { body?: BodyOf<E>; headers?: Record<string, string> },
  ): Promise<ResponseOf<E>>;
}

/** One call by method and path: the JSON answer, or an ApiError with the error body. */
async function request<T>(
  transport: ApiTransport,
  method: string,
  path: string,
  options: RequestOptions & { body?: unknown; headers?: Record<string, string> },
): Promise<T> {
  const hasBody = options.body !== undefined;
  const response = await transport(endpointUrl({ path }, options.params, options.query), {
    method,
    headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...options.headers },
    ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, body as ErrorBody | undefined);
  return body as T;
}

/**
 * On the server, a read the host answers in process (apps/server/src/http/in-process.ts):
 * the API's status and body as a value, or undefined when the host does not (then the
 * transport carries it).
 */
export type DirectRead = (
  endpoint: Endpoint,
  options: RequestOptions,
) => Promise<{ status: number; body: unknown }> | undefined;

export function createApiClient(transport: ApiTransport, direct?: DirectRead): ApiClient {
  return {
    get: (endpoint, options = {}) => {
      const answer = direct?.(endpoint, options);
      if (!answer) return request(transport, "GET", endpoint.path, options);
      return answer.then(({ status, body }) => {
        if (status !== 200) throw new ApiError(status, body as ErrorBody | undefined);
        return body as ResponseOf<typeof endpoint>;
      });
    },
    send: (endpoint, options = {}) => request(transport, endpoint.method, endpoint.path, options),
  };
}

/**
 * In the browser: same-origin fetch that sends `Authorization: Bearer {access_token}`
 * (spec section 7) and the guest token, both read from local storage at call time.
 */
export const browserTransport: ApiTransport = (path, init = {}) => {
  const headers: Record<string, string> = { ...credentialHeaders(), ...init.headers };
  return fetch(path, { ...init, headers });
};

/** The browser's API client (for event handlers and TanStack Query, not loaders). */
export const browserApi = createApiClient(browserTransport);

/**
 * A browser call by method and path (`shopApiPaths` or `apiPaths` of `@atelier/contract/constants`), for
 * the modules every storefront page loads: the contract's endpoint objects carry their
 * zod schemas, and importing one puts zod in the page's scripts.
 */
export function browserCall<T>(
  method: string,
  path: string,
  options: RequestOptions & { body?: unknown } = {},
): Promise<T> {
  return request<T>(browserTransport, method, path, options);
}

/**
 * Reads the host keeps in memory for every page until they change (the store settings,
 * the taxonomy, the live collaborators: apps/server/src/http/shared-reads.ts): for an
 * API URL, its parsed answer shared by every request, or undefined when the host keeps no
 * such read. The values are shared: never change them.
 */
export type SharedReads = (url: string) => Promise<unknown> | undefined;

/** Router context entries that the host puts in every request's load context. */
export const apiContext = createContext<ApiClient>();
export const nonceContext = createContext<string>("");
export const sharedReadsContext = createContext<SharedReads>(() => undefined);
/** `performance.now()` marks of this render, for the host's `Server-Timing` (apps/server/src/http/web.ts). */
export const renderTimingContext = createContext<{ loaded?: number; rendered?: number } | null>(null);
/** True when the host keeps the page (the page cache): rendered whole into one buffer, not streamed. */
export const wholePageContext = createContext<boolean>(false);

export function apiFrom(context: Readonly<RouterContextProvider>): ApiClient {
  return context.get(apiContext);
}

/**
 * The API client for reads every page makes: a GET without parameters that the host
 * keeps in memory (`SharedReads`) is answered from there, anything else goes to the API.
 */
export function sharedApiFrom(context: Readonly<RouterContextProvider>): ApiClient {
  const api = context.get(apiContext);
  const shared = context.get(sharedReadsContext);
  return {
    get<E extends Endpoint>(endpoint: E, options?: RequestOptions): Promise<ResponseOf<E>> {
      const kept = options === undefined ? shared(endpointUrl(endpoint)) : undefined;
      return kept ? (kept as Promise<ResponseOf<E>>) : api.get(endpoint, options);
    },
    send: api.send,
  };
}
