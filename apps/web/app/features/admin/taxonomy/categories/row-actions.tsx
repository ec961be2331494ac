/** Edit and Delete icon buttons of one tree row, named after the row for screen readers. */
import { Pencil, Plus, Trash2 } from "lucide-react";
import { Button } from "../../ui/button.tsx";

export function RowActions(props: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** "Add a sub-category to Topwear": shown when the row can have children. */
  addLabel?: string;
  onAdd?: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      {props.onAdd && props.addLabel ? (
        <Button size="sm" variant="ghost" onClick={props.onAdd} aria-label={props.addLabel}>
          <Plus aria-hidden className="size-3.5" />
          <span aria-hidden>Add</span>
        </Button>
      ) : null}
      <Button size="icon" variant="ghost" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
        <Pencil aria-hidden className="size-4" />
      </Button>
      <Button size="icon" variant="ghost" aria-label={`Delete ${props.name}`} onClick={props.onDelete}>
        <Trash2 aria-hidden className="size-4 text-red-700" />
      </Button>
    </div>
  );
}
