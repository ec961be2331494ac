/**
 * The admin's TanStack Query client. Admin pages render their shell on the server and load
 * their data in the browser (docs: Front end), so every admin query runs through this.
 */
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../lib/api.ts";

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answers the same way twice; only network failures and 5xx are worth a retry.
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}

/** The message to show a person for a failed call: the server's own message when it sent one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "The server could not be reached. Check your connection and try again.";
}
