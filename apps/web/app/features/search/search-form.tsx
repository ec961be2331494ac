/**
 * The search box (spec sections 4, 5 and 9), used by the desktop header (search-bar-products)
 * and the mobile search (search-products). It is a WAI-ARIA combobox with a listbox popup:
 * - suggestions arrive 300 ms after the last key; states: empty, typing, 'Searching...',
 *   the list or 'No products found'; clearing the text empties the suggestions;
 * - the Search button is disabled and Enter does nothing while the text is empty or
 *   whitespace; Enter submits /search-product?search={the trimmed text, URL-encoded};
 * - ArrowDown/ArrowUp move through the suggestions, Enter opens the highlighted product
 *   (links use productId), Escape closes the list, and a click outside closes it too;
 * - the list is at most 15rem high and scrolls; a thumbnail that fails to load is hidden.
 */
import type { SearchSuggestion } from "@atelier/contract";
import { Search } from "lucide-react";
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../../lib/paths.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { announcement, listShown, suggestionOptionId } from "./suggest-state.ts";
import { type SuggestEndpoint, useSuggestions } from "./use-suggestions.ts";

/**
 * The list of suggestions, with its 'Searching...' and 'No products found' states: only a
 * shopper who types needs it, so it is a chunk of its own, fetched when the box gets focus.
 */
const loadPopup = () => import("./suggestion-popup.tsx");
const SuggestionPopup = lazy(loadPopup);

export function isSearchable(text: string): boolean {
  return text.trim().length > 0;
}

/** On the results page, its query; elsewhere nothing. */
function searchedText(location: { pathname: string; search: string }): string {
  return location.pathname === "/search-product" ? (new URLSearchParams(location.search).get("search") ?? "") : "";
}

export function SearchForm({
  endpoint,
  className = "",
  autoFocus = false,
  onEscape,
  testId,
}: {
  endpoint: SuggestEndpoint;
  className?: string;
  autoFocus?: boolean;
  /** Escape with the list already closed (the mobile search closes itself). */
  onEscape?: () => void;
  testId?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useSuggestions(endpoint, searchedText(location));
  const inputId = useId();
  const listId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const shown = listShown(state);

  // Going to another page closes the list; on the results page the box shows what was searched.
  const searched = searchedText(location);
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    dispatch({ type: "reset", text: searched });
  }, [location.key, searched, dispatch]);

  // Text typed before the page came alive counts as typed.
  const inputRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed !== state.text) dispatch({ type: "input", text: typed });
  }, []);
  const hydrated = useHydrated();

  // A click or tap outside the box closes the list.
  useEffect(() => {
    if (!state.open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) dispatch({ type: "close" });
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [state.open, dispatch]);

  // Keep the highlighted suggestion in view inside the scrolling list.
  useEffect(() => {
    if (state.active < 0) return;
    listRef.current?.querySelector(`[data-index="${state.active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [state.active]);

  function open(item: SearchSuggestion) {
    dispatch({ type: "close" });
    navigate(paths.productDetails(item.productId));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSearchable(state.text)) return;
    dispatch({ type: "close" });
    navigate(paths.search(state.text.trim()));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      dispatch({ type: "move", by: event.key === "ArrowDown" ? 1 : -1 });
    } else if (event.key === "Enter") {
      const item = shown ? state.items[state.active] : undefined;
      if (item) {
        event.preventDefault();
        open(item);
      }
    } else if (event.key === "Escape") {
      // Also keeps the browser from clearing a type=search input.
      event.preventDefault();
      if (state.open && state.status !== "empty") dispatch({ type: "close" });
      else onEscape?.();
    }
  }

  const popupStatus = state.open ? state.status : "empty";
  return (
    <search
      ref={rootRef}
      className={`relative block w-full ${className}`}
      data-testid={testId}
      data-hydrated={hydrated || undefined}
    >
      <form onSubmit={submit} className="flex w-full items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Search products
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted"
          />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={shown ? listId : undefined}
            aria-activedescendant={shown && state.active >= 0 ? suggestionOptionId(listId, state.active) : undefined}
            value={state.text}
            onChange={(event) => dispatch({ type: "input", text: event.target.value })}
            onKeyDown={onKeyDown}
            onFocus={() => {
              void loadPopup();
              dispatch({ type: "open" });
            }}
            placeholder="Search hoodies, tees, mugs…"
            autoComplete="off"
            enterKeyHint="search"
            // biome-ignore lint/a11y/noAutofocus: the mobile search opens on purpose to type
            autoFocus={autoFocus}
            className="h-10 w-full rounded-full border border-line bg-white pr-4 pl-9 text-sm placeholder:text-stone-500 focus:border-ink focus:outline-none"
          />
        </div>
        <button
          type="submit"
          disabled={!isSearchable(state.text)}
          className="h-10 rounded-full bg-ink px-5 font-medium text-sm text-white disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          Search
        </button>
      </form>
      <div role="status" aria-live="polite" className="sr-only">
        {state.open ? announcement(state) : ""}
      </div>
      {(popupStatus === "loading" || popupStatus === "none" || shown) && (
        <Suspense fallback={null}>
          <SuggestionPopup
            status={popupStatus}
            shown={shown}
            items={state.items}
            active={state.active}
            listId={listId}
            listRef={listRef}
            onOpen={open}
          />
        </Suspense>
      )}
    </search>
  );
}
