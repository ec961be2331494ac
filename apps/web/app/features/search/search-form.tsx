/**
 * The search box of the header (spec section 5): the Search button is disabled and
 * Enter does nothing while the text is empty or whitespace; the text is trimmed for
 * that check and URL-encoded into /search-product?search={text}.
 */
import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../lib/paths.ts";

export function isSearchable(text: string): boolean {
  return text.trim().length > 0;
}

export function SearchForm({ className = "", autoFocus = false }: { className?: string; autoFocus?: boolean }) {
  const [text, setText] = useState("");
  const navigate = useNavigate();
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSearchable(text)) return;
    navigate(paths.search(text.trim()));
  }

  return (
    <search className={`block w-full ${className}`}>
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
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search hoodies, tees, mugs…"
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the mobile search opens on purpose to type
            autoFocus={autoFocus}
            className="h-10 w-full rounded-full border border-line bg-white pr-4 pl-9 text-sm placeholder:text-stone-500 focus:border-ink focus:outline-none"
          />
        </div>
        <button
          type="submit"
          disabled={!isSearchable(text)}
          className="h-10 rounded-full bg-ink px-5 font-medium text-sm text-white disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          Search
        </button>
      </form>
    </search>
  );
}
