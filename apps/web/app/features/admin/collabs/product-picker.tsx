/**
 * Choosing products for a collaborator or a drop: the chosen ones as chips (name, SKU,
 * remove), a search by name or SKU with Add buttons, and — for a drop — "Add all of a
 * collaborator's products" (its own and its series'). Names come from the server, so a
 * saved drop or collaborator shows its products by name, not by id.
 */
import type { ProductOption } from "@atelier/contract";
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { SearchInput } from "../ui/search-input.tsx";
import { Pill } from "../ui/states.tsx";
import { useDebouncedValue } from "../use-debounced-value.ts";
import { collabsApi } from "./api.ts";

export function ProductPicker(props: {
  label: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
  /** A drop: products already in another drop are marked (the server refuses them). */
  dropId?: number | "new";
  /** Offers "Add all of {name}'s products". */
  collaborator?: { id: number; name: string } | undefined;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const found = collabsApi.useProductSearch(q);
  const named = collabsApi.useProductNames(props.value);
  const [known, setKnown] = useState<Record<number, ProductOption>>({});
  const [adding, setAdding] = useState(false);
  const option = (productId: number) =>
    named.data?.find((entry) => entry.id === productId) ?? known[productId] ?? undefined;
  const chosen = new Set(props.value);
  const remember = (options: readonly ProductOption[]) =>
    setKnown((current) => ({ ...current, ...Object.fromEntries(options.map((entry) => [entry.id, entry])) }));
  const add = (entry: ProductOption) => {
    remember([entry]);
    props.onChange([...props.value, entry.id]);
  };
  const otherDrop = (entry: ProductOption) =>
    props.dropId !== undefined && entry.dropId !== null && entry.dropId !== props.dropId;

  async function addCollaborators() {
    if (!props.collaborator) return;
    setAdding(true);
    try {
      const all = await collabsApi.collaboratorProducts(props.collaborator.id);
      // A product is in one drop at a time: those already in another drop are left out.
      const elsewhere = all.filter((entry) => !chosen.has(entry.id) && otherDrop(entry));
      const fresh = all.filter((entry) => !chosen.has(entry.id) && !otherDrop(entry));
      remember(fresh);
      props.onChange([...props.value, ...fresh.map((entry) => entry.id)]);
      const plural = (n: number) => `${n} product${n === 1 ? "" : "s"}`;
      const added =
        fresh.length === 0
          ? `No other product of ${props.collaborator.name} to add`
          : `Added ${plural(fresh.length)} of ${props.collaborator.name}`;
      toast.success(
        elsewhere.length > 0 ? `${added}; ${plural(elsewhere.length)} already in another drop left out` : added,
      );
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setAdding(false);
    }
  }

  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend className="mb-1 font-medium text-sm">{props.label}</legend>
      {props.value.length === 0 ? (
        <p className="text-muted text-sm">No product chosen yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={`${props.label}: chosen`}>
          {props.value.map((productId) => {
            const entry = option(productId);
            const name = entry?.name ?? `Product #${productId}`;
            return (
              <li
                key={productId}
                className="flex max-w-full items-center gap-1.5 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm"
              >
                <span className="truncate">{name}</span>
                {entry?.sku && <span className="hidden font-mono text-muted text-xs sm:inline">{entry.sku}</span>}
                {entry && !entry.isPublished && <Pill>Draft</Pill>}
                {entry && otherDrop(entry) && <Pill tone="amber">In another drop</Pill>}
                <button
                  type="button"
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-stone-200"
                  aria-label={`Remove ${name}`}
                  onClick={() => props.onChange(props.value.filter((entry) => entry !== productId))}
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {props.error && (
        <p id={`${id}-error`} className="text-red-700 text-xs" role="alert">
          {props.error}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <SearchInput
            id={`${id}-search`}
            label="Find products by name or SKU"
            visibleLabel
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name or SKU"
          />
        </div>
        {props.collaborator && (
          <Button onClick={() => void addCollaborators()} disabled={adding}>
            {adding ? "Adding…" : `Add all of ${props.collaborator.name}'s products`}
          </Button>
        )}
      </div>
      {q !== "" && (
        <div aria-live="polite">
          {found.isPending ? (
            <p className="text-muted text-sm">Searching…</p>
          ) : found.error ? (
            <p className="text-red-700 text-sm">{errorMessage(found.error)}</p>
          ) : found.data.length === 0 ? (
            <p className="text-muted text-sm">No product matches “{q}”.</p>
          ) : (
            <ul
              className="max-h-60 divide-y divide-line overflow-auto rounded-lg border border-line"
              aria-label="Matching products"
            >
              {found.data.map((entry) => (
                <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate">{entry.name}</span>
                    <span className="flex flex-wrap items-center gap-1.5 text-muted text-xs">
                      {entry.sku && <span className="font-mono">{entry.sku}</span>}
                      {!entry.isPublished && <Pill>Draft</Pill>}
                      {otherDrop(entry) && <Pill tone="amber">In another drop</Pill>}
                    </span>
                  </span>
                  <Button size="sm" disabled={chosen.has(entry.id)} onClick={() => add(entry)}>
                    {chosen.has(entry.id) ? (
                      "Added"
                    ) : (
                      <>
                        <Plus aria-hidden className="mr-1 size-3.5" />
                        Add<span className="sr-only"> {entry.name}</span>
                      </>
                    )}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
