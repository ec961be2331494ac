/**
 * /admin/add/add-new-arrivals: what the home page's New arrivals section and /new-arrivals
 * show — the newest products, products published in the last N days, or a curated order
 * (drag the handle, or focus it and use Space and the arrow keys, or the up/down buttons)
 * with an optional schedule.
 */
import { promotionEndpoints as endpoints, type NewArrivalsSettings } from "@atelier/contract";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useTargetOptions } from "../../features/admin/promotions/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { Field, Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { ApiError, browserApi } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";
import { fromStoreInput, toStoreInput } from "../../lib/store-time.ts";
import { useRootData } from "../../root.tsx";

const keys = { settings: ["admin-new-arrivals"] as const };

export function meta() {
  return [{ title: "Add New Arrivals" }];
}

export default function AddNewArrivals() {
  const settings = useQuery({ queryKey: keys.settings, queryFn: () => browserApi.get(endpoints.newArrivalsSettings) });
  return (
    <>
      <PageHeader
        title="New arrivals"
        description="What the home page's New arrivals section and the New arrivals page show."
        actions={
          <a href={paths.newArrivals()} target="_blank" rel="noreferrer" className="text-sm underline">
            View the page
          </a>
        }
      />
      {settings.isError ? (
        <Card>
          <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
        </Card>
      ) : !settings.data ? (
        <Card>
          <SkeletonRows rows={6} label="Loading new arrivals" />
        </Card>
      ) : (
        <NewArrivalsForm key={settings.data.version} settings={settings.data} />
      )}
    </>
  );
}

function NewArrivalsForm({ settings }: { settings: NewArrivalsSettings }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState(settings.mode);
  const [days, setDays] = useState(String(settings.days));
  const [items, setItems] = useState(settings.products.map(({ id, name }) => ({ id, name })));
  const zone = useRootData().settings.timeZone;
  const [startsAt, setStartsAt] = useState(toStoreInput(settings.startsAt, zone));
  const [endsAt, setEndsAt] = useState(toStoreInput(settings.endsAt, zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState("");
  const [pick, setPick] = useState("");
  const options = useTargetOptions(search.trim());
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length) return;
    setItems(arrayMove(items, from, to));
  }

  function onDragEnd(event: DragEndEvent) {
    const from = items.findIndex((item) => item.id === event.active.id);
    const to = items.findIndex((item) => item.id === event.over?.id);
    if (from >= 0 && to >= 0 && from !== to) move(from, to);
  }

  async function save() {
    setSaving(true);
    setErrors({});
    try {
      await browserApi.send(endpoints.saveNewArrivals, {
        body: {
          mode,
          days: /^\d+$/.test(days.trim()) ? Number(days) : Number.NaN,
          productIds: items.map((item) => item.id),
          startsAt: fromStoreInput(startsAt, zone),
          endsAt: fromStoreInput(endsAt, zone),
          version: settings.version,
        },
      });
      toast.success("New arrivals saved");
      await queryClient.invalidateQueries({ queryKey: keys.settings });
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
      setErrors(
        Object.fromEntries(
          Object.entries(fields ?? {}).map(([path, message]) => [path.split(".")[0] ?? path, message]),
        ),
      );
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-6">
      <Card labelledBy="na-mode-title">
        <CardHeader id="na-mode-title" title="Which products" />
        <fieldset className="space-y-3 p-4 text-sm">
          <legend className="sr-only">Which products</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === "newest"} onChange={() => setMode("newest")} /> The newest
            products
          </label>
          <label className="flex flex-wrap items-center gap-2">
            <input type="radio" name="mode" checked={mode === "recent"} onChange={() => setMode("recent")} /> Automatic:
            published in the last
            <span className="inline-block w-20">
              <TextInput
                aria-label="Days"
                inputMode="numeric"
                value={days}
                onChange={(event) => setDays(event.target.value)}
                aria-invalid={errors.days ? true : undefined}
              />
            </span>
            days
          </label>
          {errors.days ? (
            <p role="alert" className="text-red-700 text-xs">
              Days {errors.days}
            </p>
          ) : null}
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === "curated"} onChange={() => setMode("curated")} /> A
            curated list, in this order
          </label>
        </fieldset>
      </Card>

      {mode === "curated" ? (
        <Card labelledBy="na-list-title">
          <CardHeader
            id="na-list-title"
            title="Curated list"
            description="Drag the handle, or focus it and press Space, then the arrow keys, then Space again."
          />
          <div className="space-y-4 p-4">
            <div className="flex flex-wrap gap-2">
              <TextInput
                aria-label="Search products"
                placeholder="Search products"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="max-w-56"
              />
              <Select
                aria-label="Product"
                value={pick}
                onChange={(event) => setPick(event.target.value)}
                className="min-w-0 flex-1"
              >
                <option value="">{options.isPending ? "Loading…" : "Choose a product…"}</option>
                {options.data?.products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name}
                  </option>
                ))}
              </Select>
              <Button
                disabled={pick === ""}
                onClick={() => {
                  const found = options.data?.products.find((product) => String(product.id) === pick);
                  if (found && !items.some((item) => item.id === found.id)) setItems([...items, found]);
                  setPick("");
                }}
              >
                Add
              </Button>
            </div>
            {errors.productIds ? (
              <p role="alert" className="text-red-700 text-xs">
                Products: {errors.productIds}
              </p>
            ) : null}
            {items.length === 0 ? (
              <p className="text-muted text-sm">No products yet. Search and add some.</p>
            ) : (
              <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
                <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
                  <ol className="space-y-2" aria-label="New arrivals in order">
                    {items.map((item, index) => (
                      <SortableRow
                        key={item.id}
                        id={item.id}
                        name={item.name}
                        index={index}
                        last={index === items.length - 1}
                        onMove={(to) => move(index, to)}
                        onRemove={() => setItems(items.filter((other) => other.id !== item.id))}
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="na-starts" label="Show from" hint={`Optional, the store's time zone (${zone}).`}>
                {(control) => (
                  <TextInput
                    {...control}
                    type="datetime-local"
                    value={startsAt}
                    onChange={(event) => setStartsAt(event.target.value)}
                  />
                )}
              </Field>
              <Field
                id="na-ends"
                label="Show until"
                hint="Optional. Outside these dates the newest products show."
                error={errors.endsAt && `End ${errors.endsAt}`}
              >
                {(control) => (
                  <TextInput
                    {...control}
                    type="datetime-local"
                    value={endsAt}
                    onChange={(event) => setEndsAt(event.target.value)}
                  />
                )}
              </Field>
            </div>
          </div>
        </Card>
      ) : null}

      <div className="flex justify-end">
        <Button variant="primary" disabled={saving} onClick={() => void save()}>
          {saving ? "Saving…" : "Save new arrivals"}
        </Button>
      </div>
    </div>
  );
}

function SortableRow(props: {
  id: number;
  name: string;
  index: number;
  last: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-lg border bg-white px-2 py-1.5 text-sm ${isDragging ? "z-10 border-ink shadow-lg" : "border-line"}`}
      data-testid="new-arrival-row"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="inline-flex size-8 cursor-grab items-center justify-center rounded-md text-muted hover:bg-stone-100"
        aria-label={`Move ${props.name}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <span className="w-6 text-right text-muted tabular-nums">{props.index + 1}.</span>
      <span className="min-w-0 flex-1 truncate">{props.name}</span>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Move ${props.name} up`}
        disabled={props.index === 0}
        onClick={() => props.onMove(props.index - 1)}
      >
        <ArrowUp aria-hidden className="size-4" />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Move ${props.name} down`}
        disabled={props.last}
        onClick={() => props.onMove(props.index + 1)}
      >
        <ArrowDown aria-hidden className="size-4" />
      </Button>
      <Button size="icon" variant="ghost" aria-label={`Remove ${props.name}`} onClick={props.onRemove}>
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </li>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
