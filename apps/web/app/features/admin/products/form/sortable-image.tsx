/** One image in the sortable grid: the drag handle, "Make main", remove, and its alt text. */
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical, Star, Trash2 } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { imageUrl } from "../../../../lib/images.ts";
import { Button } from "../../ui/button.tsx";
import { TextInput } from "../../ui/fields.tsx";

export function SortableImage(props: {
  id: string;
  index: number;
  filename: string;
  altInput: UseFormRegisterReturn;
  error: string | undefined;
  onMakeMain: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
  });
  const position = props.index + 1;
  const main = props.index === 0;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border bg-white p-2 ${isDragging ? "z-10 border-ink shadow-lg" : "border-line"}`}
      data-testid="product-image"
      data-filename={props.filename}
    >
      <div className="relative">
        <img
          src={imageUrl(props.filename, 240)}
          alt=""
          width={240}
          height={240}
          className="aspect-square w-full rounded-md bg-stone-100 object-cover"
        />
        {main ? (
          <span className="absolute top-1.5 left-1.5 rounded bg-ink px-1.5 py-0.5 font-medium text-white text-xs">
            Main
          </span>
        ) : null}
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="absolute top-1.5 right-1.5 inline-flex size-8 cursor-grab items-center justify-center rounded-md bg-white/90 text-ink shadow-xs"
          aria-label={`Move image ${position}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      </div>
      <label htmlFor={`image-alt-${props.id}`} className="mt-2 block font-medium text-xs">
        Alt text of image {position}
      </label>
      <TextInput id={`image-alt-${props.id}`} className="mt-1" maxLength={200} {...props.altInput} />
      {props.error ? (
        <p className="mt-1 text-red-700 text-xs" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-1">
        {main ? null : (
          <Button size="sm" onClick={props.onMakeMain}>
            <Star aria-hidden className="size-3.5" />
            Make main<span className="sr-only"> (image {position})</span>
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={props.onRemove}>
          <Trash2 aria-hidden className="size-3.5" />
          Remove<span className="sr-only"> image {position}</span>
        </Button>
      </div>
    </li>
  );
}
