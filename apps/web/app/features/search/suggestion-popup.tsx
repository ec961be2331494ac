/**
 * The search box's popup (spec sections 4, 5 and 9): 'Searching...', 'No products found'
 * or the listbox of suggestions, at most 15rem high and scrolling. A chunk of its own,
 * loaded when a shopper focuses the box (search-form.tsx): pages that are only looked at
 * never download it.
 */
import type { SearchSuggestion } from "@atelier/contract";
import { type RefObject, useState } from "react";
import { imageUrl } from "../../lib/images.ts";
import { type SuggestStatus, suggestionOptionId } from "./suggest-state.ts";

export default function SuggestionPopup({
  status,
  shown,
  items,
  active,
  listId,
  listRef,
  onOpen,
}: {
  status: SuggestStatus;
  /** Whether the list of suggestions shows (suggest-state.ts `listShown`). */
  shown: boolean;
  items: readonly SearchSuggestion[];
  active: number;
  listId: string;
  listRef: RefObject<HTMLDivElement | null>;
  onOpen: (item: SearchSuggestion) => void;
}) {
  return (
    <div
      className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl border border-line bg-white shadow-lg"
      data-testid="search-popup"
      data-state={status}
    >
      {status === "loading" && <p className="px-4 py-3 text-muted text-sm">Searching...</p>}
      {status === "none" && <p className="px-4 py-3 text-muted text-sm">No products found</p>}
      {shown && status !== "loading" && (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Product suggestions"
          className="max-h-60 overflow-y-auto overscroll-contain py-1"
        >
          {items.map((item, index) => (
            // Keyboard use goes through the input (aria-activedescendant); a click opens the product.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
            <div
              key={item.id}
              id={suggestionOptionId(listId, index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              data-index={index}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => onOpen(item)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                index === active ? "bg-stone-100" : "hover:bg-stone-50"
              }`}
            >
              <Thumbnail filename={item.filename} />
              <span className="line-clamp-2">{item.name}</span>
            </div>
          ))}
        </div>
      )}
    </div>
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
