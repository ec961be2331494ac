/**
 * The typed API client. On the server, route loaders get a transport that calls the
 * Fastify app in-process (see apps/server/src/http/web.ts); in the browser it is fetch.
 * Either way the contract's endpoint objects give the URL and the answer's type.
 */
import type { Endpoint, ErrorBody, ResponseOf } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import { createContext, type RouterContextProvider } from "react-router";

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

export interface ApiClient {
  get<E extends Endpoint>(
    endpoint: E,
    options?: {
      params?: Record<string, string | number>;
      query?: Record<string, string | number | boolean | undefined>;
    },
  ): Promise<ResponseOf<E>>;
}

export function createApiClient(transport: ApiTransport): ApiClient {
  return {
    async get(endpoint, options = {}) {
      const response = await transport(endpointUrl(endpoint, options.params, options.query));
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw new ApiError(response.status, body as ErrorBody | undefined);
      return body as ResponseOf<typeof endpoint>;
    },
  };
}

export const browserTransport: ApiTransport = (path, init) => fetch(path, init);

/** Router context entries that the host puts in every request's load context. */
export const apiContext = createContext<ApiClient>();
export const nonceContext = createContext<string>("");

export function apiFrom(context: Readonly<RouterContextProvider>): ApiClient {
  return context.get(apiContext);
}
