/** One category in the navbar list: a drag handle (pointer or keyboard: Space, arrows, Space) and its place. */
import type { Category } from "@atelier/contract";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { Pill } from "../../ui/states.tsx";

export function SortableCategory(props: { category: Category; position: number }) {
  const { category } = props;
  const sortable = useSortable({ id: category.id });
  const genders = [category.isForMen && "Men", category.isForWomen && "Women"].filter(Boolean).join(" & ");
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      data-testid="navbar-item"
      className={`flex items-center gap-3 rounded-lg border border-line bg-white px-3 py-2 ${sortable.isDragging ? "relative z-10 shadow-lg" : ""}`}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={`Move ${category.name}`}
        className="-m-1 inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted hover:bg-stone-100 active:cursor-grabbing"
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <span className="w-6 text-right text-muted text-xs tabular-nums">{props.position}</span>
      <span className="min-w-0 flex-1 truncate font-medium text-sm">{category.name}</span>
      {category.isGenderVaried ? <Pill tone="brand">Under {genders || "no gender"}</Pill> : null}
      {/* Spec: 'Customize' is left out of the category bar (the collab row links it). */}
      {category.name.trim().toLowerCase() === "customize" ? <Pill>Not in the bar</Pill> : null}
    </li>
  );
}
