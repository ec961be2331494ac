/**
 * One TanStack Query client per signed-in identity: when the user changes (sign-out,
 * another account in another tab), nothing cached for the previous one can show, and the
 * admin check starts over (spec section 4: rechecked whenever the signed-in user changes).
 */
import type { QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createAdminQueryClient } from "./query-client.ts";

export function useIdentityQueryClient(identity: string): QueryClient {
  const [current, setCurrent] = useState(() => ({ identity, client: createAdminQueryClient() }));
  if (current.identity !== identity) {
    const next = { identity, client: createAdminQueryClient() };
    setCurrent(next);
    return next.client;
  }
  return current.client;
}
