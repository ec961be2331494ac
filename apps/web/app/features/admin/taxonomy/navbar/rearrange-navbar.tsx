/**
 * Settings → rearrange navbar: the categories as a vertical list sorted by drag and drop
 * or by keyboard (dnd-kit, with spoken announcements). Save writes the order (serials
 * 1…n) and the storefront shows it on its next request; Reset goes back to the saved one.
 */
import { compatEndpoints } from "@atelier/contract";
import {
  type Announcements,
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
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { useQuery } from "@tanstack/react-query";
import { ListOrdered } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { browserApi } from "../../../../lib/api.ts";
import { errorMessage } from "../../query-client.ts";
import { Button } from "../../ui/button.tsx";
import { Card, CardHeader } from "../../ui/card.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../../ui/states.tsx";
import { taxonomyKeys } from "../api.ts";
import { useSaveOrder } from "../categories/api.ts";
import { SortableCategory } from "./sortable-category.tsx";

export function RearrangeNavbar() {
  // The public list: a Settings-only role may order categories without managing them.
  const query = useQuery({
    queryKey: taxonomyKeys.list("navbar"),
    queryFn: () => browserApi.get(compatEndpoints.viewProductCategories),
  });
  const save = useSaveOrder();
  const [moved, setMoved] = useState<number[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const saved = query.data ?? [];
  const order = moved ?? saved.map((category) => category.id);
  const byId = new Map(saved.map((category) => [category.id, category]));
  const nameOf = (id: number | string) => byId.get(Number(id))?.name ?? "Category";
  const place = (id: number | string | undefined) => `position ${order.indexOf(Number(id)) + 1} of ${order.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${place(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setMoved(arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id))));
  }

  function onSave() {
    save.mutate(order, {
      onSuccess: () => {
        setMoved(null);
        toast.success("Saved the navigation order. The storefront shows it now.");
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  const changed = moved?.some((id, index) => id !== saved[index]?.id) ?? false;
  return (
    <Card labelledBy="navbar-order-title" className="max-w-2xl">
      <CardHeader
        id="navbar-order-title"
        title="Navigation order"
        description="Drag a category by its handle, or focus the handle and press Space, the arrow keys, then Space."
        actions={
          <>
            <Button size="sm" onClick={() => setMoved(null)} disabled={!changed || save.isPending}>
              Reset
            </Button>
            <Button size="sm" variant="primary" onClick={onSave} disabled={!changed || save.isPending}>
              {save.isPending ? "Saving…" : "Save order"}
            </Button>
          </>
        }
      />
      {query.isPending ? (
        <SkeletonRows rows={6} label="Loading categories" />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : saved.length === 0 ? (
        <EmptyState icon={ListOrdered} title="No categories yet">
          Add categories first; then put them in the order the storefront should show them.
        </EmptyState>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2 p-4" aria-label="Categories in navigation order">
              {order.map((id, index) => {
                const category = byId.get(id);
                return category ? <SortableCategory key={id} category={category} position={index + 1} /> : null;
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Card>
  );
}
