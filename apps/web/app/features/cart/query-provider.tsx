/**
 * TanStack Query for the cart and wishlist pages (data loads in the browser: the server
 * does not know the shopper, whose token lives in local storage). A change of shopper
 * (sign-in merge, sign-out) refetches everything.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { onShopperChanged } from "../../lib/shopper-events.ts";

function createShopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Prices and stock may change at any time: the cart is re-read whenever it is shown.
        staleTime: 0,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}

export function ShopQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createShopQueryClient);
  useEffect(() => onShopperChanged(() => void client.invalidateQueries()), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The message to show a person for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && !(error instanceof TypeError)) return error.message;
  return "The server could not be reached. Check your connection and try again.";
}
