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
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { imageUrl } from "../../lib/images.ts";
import { paths } from "../../lib/paths.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { announcement, listShown } from "./suggest-state.ts";
import { type SuggestEndpoint, useSuggestions } from "./use-suggestions.ts";

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
  const optionId = (index: number) => `${listId}-option-${index}`;

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

  // The mobile search opens on purpose to type: focus its box when it appears. (Preact
  // writes `autoFocus` as the attribute, which a browser honours only while the page loads.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the box appears
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, []);

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
            aria-activedescendant={shown && state.active >= 0 ? optionId(state.active) : undefined}
            value={state.text}
            onChange={(event) => dispatch({ type: "input", text: event.target.value })}
            onKeyDown={onKeyDown}
            onFocus={() => dispatch({ type: "open" })}
            placeholder="Search hoodies, tees, mugs…"
            autoComplete="off"
            enterKeyHint="search"
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
        <div
          className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl border border-line bg-white shadow-lg"
          data-testid="search-popup"
          data-state={state.status}
        >
          {popupStatus === "loading" && <p className="px-4 py-3 text-muted text-sm">Searching...</p>}
          {popupStatus === "none" && <p className="px-4 py-3 text-muted text-sm">No products found</p>}
          {shown && popupStatus !== "loading" && (
            <div
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label="Product suggestions"
              className="max-h-60 overflow-y-auto overscroll-contain py-1"
            >
              {state.items.map((item, index) => (
                // Keyboard use goes through the input (aria-activedescendant); a click opens the product.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
                <div
                  key={item.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === state.active}
                  data-index={index}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => open(item)}
                  className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                    index === state.active ? "bg-stone-100" : "hover:bg-stone-50"
                  }`}
                >
                  <Thumbnail filename={item.filename} />
                  <span className="line-clamp-2">{item.name}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </search>
  );
}

/** A suggestion's picture; one that fails to load is hidden (spec section 8). */
function Thumbnail({ filename }: { filename: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <span aria-hidden className="size-10 shrink-0 overflow-hidden rounded-lg bg-stone-100">
      {filename && (
        <img
          src={imageUrl(filename, 240)}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          hidden={failed}
          onError={() => setFailed(true)}
          className="size-full object-cover"
          data-testid="suggestion-thumbnail"
        />
      )}
    </span>
  );
}
