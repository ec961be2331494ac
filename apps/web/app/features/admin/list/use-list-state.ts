/**
 * The admin list pages' URL state: a list's filters, sort and page live in the query
 * string, so Back, Forward, a reload or a shared link show the same list. `filter` holds
 * the named keys that are set; `apply` changes some of them (any change but the page's
 * goes back to page 1); `submit` reads a filter form's fields of those names.
 */
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";

export interface ListState<K extends string> {
  filter: Partial<Record<K, string>>;
  page: number;
  /** Changes for the URL's query: a value sets the key, "" or undefined removes it. */
  apply: (next: Record<string, string | undefined>) => void;
  /** A filter form's submit handler: the fields named `fields` (default: every key), trimmed. */
  submit: (event: FormEvent<HTMLFormElement>, fields?: readonly K[]) => void;
  setPage: (page: number) => void;
  /** Changes whenever the URL's query does: a filter form keyed on it resets to the URL. */
  key: string;
  params: URLSearchParams;
}

export function useListState<K extends string>(
  keys: readonly K[],
  options: { onChange?: () => void } = {},
): ListState<K> {
  const [params, setParams] = useSearchParams();
  const filter: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const page = Math.max(1, Math.floor(Number(params.get("page") ?? "1")) || 1);

  function apply(next: Record<string, string | undefined>) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    if (!("page" in next)) search.delete("page");
    setParams(search, { preventScrollReset: true });
    options.onChange?.();
  }

  return {
    filter,
    page,
    apply,
    submit(event, fields = keys) {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      apply(Object.fromEntries(fields.map((key) => [key, String(form.get(key) ?? "").trim() || undefined])));
    },
    setPage: (next) => apply({ page: String(next) }),
    key: params.toString(),
    params,
  };
}
