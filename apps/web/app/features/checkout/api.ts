/**
 * Checkout in the browser: one query-key factory and the calls of the checkout page and
 * the order confirmation. The shopper is known only in the browser (bearer token or guest
 * token in local storage), so these run through TanStack Query after hydration.
 */
import { checkoutEndpoints as endpoints, type PlaceOrderBody, type QuoteBody } from "@atelier/contract";
import { QueryClient, useQuery } from "@tanstack/react-query";
import { ApiError, browserApi } from "../../lib/api.ts";

export const checkoutKeys = {
  all: ["checkout"] as const,
  options: (who: string) => [...checkoutKeys.all, "options", who] as const,
  quote: (body: QuoteBody) => [...checkoutKeys.all, "quote", body] as const,
  order: (number: string) => [...checkoutKeys.all, "order", number] as const,
};

export function createCheckoutQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}

export function useCheckoutOptions(who: string, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.options(who),
    queryFn: () => browserApi.get(endpoints.options),
    enabled,
  });
}

export function useQuote(body: QuoteBody, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.quote(body),
    queryFn: () => browserApi.send(endpoints.quote, { body }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useOrder(number: string, options: { poll: boolean }) {
  return useQuery({
    queryKey: checkoutKeys.order(number),
    queryFn: () => browserApi.get(endpoints.confirmation, { params: { number } }),
    refetchInterval: (query) => (options.poll && query.state.data?.status === "pending_payment" ? 3000 : false),
  });
}

/** Places the order; the same key is sent again on a retry so it can never order twice. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return browserApi.send(endpoints.placeOrder, { body, headers: { "idempotency-key": idempotencyKey } });
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "The shop could not be reached. Check your connection and try again.";
}
