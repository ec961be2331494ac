/**
 * Suggestions for a search box: waits `searchLimits.debounceMs` after the last key, then
 * asks the contract's endpoint (same-origin /api). A newer query aborts the older request,
 * and the reducer only takes the answer for the query sent last. A failed search is logged
 * and shows as an empty result, with no message to the shopper (spec section 8).
 */
import type { SearchSuggestion } from "@atelier/contract";
import { endpointUrl, searchLimits, shopApiPaths } from "@atelier/contract/constants";
import { useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { initialSuggestState, suggestQuery, suggestReducer } from "./suggest-state.ts";

/**
 * The spec's two suggestion calls, by path only: the box sits in the shell chunk every
 * page loads, and the contract's endpoint objects would pull zod and the schemas into it.
 */
export const suggestionSources = {
  /** The desktop header (search-bar-products). */
  header: { path: shopApiPaths.searchBarProducts },
  /** The mobile search (search-products). */
  mobile: { path: shopApiPaths.searchProducts },
} as const;
export type SuggestEndpoint = (typeof suggestionSources)[keyof typeof suggestionSources];

async function fetchSuggestions(
  endpoint: SuggestEndpoint,
  query: string,
  signal: AbortSignal,
): Promise<SearchSuggestion[]> {
  const response = await fetch(endpointUrl(endpoint, {}, { q: query }), {
    signal,
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error("search answered something other than a list");
  return body as SearchSuggestion[];
}

export function useSuggestions(endpoint: SuggestEndpoint, initialText = "") {
  const [state, dispatch] = useReducer(suggestReducer, initialText, (text) => ({ ...initialSuggestState, text }));
  const inFlight = useRef<AbortController | null>(null);
  const query = suggestQuery(state.text);

  // The wait counts from the key: a layout effect starts it as the key's render commits, where
  // a passive effect would start it only after the next frame is painted.
  useLayoutEffect(() => {
    if (state.status !== "typing" || query === "") return;
    const timer = setTimeout(() => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      dispatch({ type: "send", query });
      fetchSuggestions(endpoint, query, controller.signal).then(
        (items) => dispatch({ type: "answer", query, items }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error("Search suggestions failed", error);
          dispatch({ type: "answer", query, items: [] });
        },
      );
    }, searchLimits.debounceMs);
    return () => clearTimeout(timer);
  }, [state.status, query, endpoint]);

  // Clearing the text drops whatever is still on its way.
  useEffect(() => {
    if (query === "") inFlight.current?.abort();
  }, [query]);
  useEffect(() => () => inFlight.current?.abort(), []);

  return [state, dispatch] as const;
}
