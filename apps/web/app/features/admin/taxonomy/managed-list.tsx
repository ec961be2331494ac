/**
 * The list half of every taxonomy page: a card with the rows in a table (loading, empty
 * and failed states included), an Edit dialog holding the kind's own form, and a Delete
 * confirmation whose refusal ("3 products use this …") arrives as a toast.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { type LucideIcon, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Dialog, DialogBody } from "../ui/dialog.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../ui/states.tsx";
import { Table } from "../ui/table.tsx";
import { DeleteDialog } from "./delete-dialog.tsx";

export interface NamedRow {
  id: number;
  name: string;
  productCount: number;
}

export interface RowColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  align?: "end";
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function ManagedList<Row extends NamedRow>(props: {
  kind: string;
  plural: string;
  title: string;
  icon: LucideIcon;
  emptyText: string;
  query: UseQueryResult<Row[]>;
  remove: { mutate: (id: number, options: object) => void; isPending: boolean };
  columns: readonly RowColumn<Row>[];
  /** The kind's form, filled with the row; `done` closes the dialog. */
  editForm: (row: Row, done: () => void) => ReactNode;
}) {
  const { query, kind } = props;
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const headingId = `${kind.replaceAll(" ", "-")}-list-title`;
  const columns = [
    ...props.columns,
    { label: "Products", align: "end" as const },
    { label: "Actions", align: "end" as const, hidden: true },
  ];

  return (
    <Card labelledBy={headingId}>
      <CardHeader
        id={headingId}
        title={props.title}
        description={query.data ? plural(query.data.length, kind, props.plural) : undefined}
      />
      {query.isPending ? (
        <SkeletonRows rows={4} label={`Loading ${props.plural}`} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={props.icon} title={`No ${props.plural} yet`}>
          {props.emptyText}
        </EmptyState>
      ) : (
        <Table caption={props.title} columns={columns}>
          {query.data.map((row) => (
            <tr
              key={row.id}
              data-testid={`${kind.replaceAll(" ", "-")}-row`}
              className="align-middle hover:bg-stone-50/60"
            >
              {props.columns.map((column) => (
                <td key={column.label} className={`px-4 py-2.5 ${column.align === "end" ? "text-right" : ""}`}>
                  {column.cell(row)}
                </td>
              ))}
              <td className="px-4 py-2.5 text-right tabular-nums">{row.productCount}</td>
              <td className="px-4 py-2.5">
                <div className="flex justify-end gap-1">
                  <Button size="icon" variant="ghost" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Delete ${row.name}`}
                    onClick={() => setDeleting(row)}
                  >
                    <Trash2 aria-hidden className="size-4 text-red-700" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing ? `Edit ${editing.name}` : `Edit ${kind}`}
      >
        <DialogBody>{editing ? props.editForm(editing, () => setEditing(null)) : null}</DialogBody>
      </Dialog>
      <DeleteDialog
        kind={kind}
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={props.remove}
        warning={
          deleting && deleting.productCount > 0
            ? `${plural(deleting.productCount, "product uses", "products use")} this ${kind}; it cannot be deleted until they no longer do.`
            : undefined
        }
      />
    </Card>
  );
}

/** An "add" page: the form beside (or, on small screens, above) what already exists. */
export function AddLayout(props: { form: ReactNode; list: ReactNode }) {
  return (
    <div className="grid items-start gap-6 min-[1200px]:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      {props.form}
      {props.list}
    </div>
  );
}

export function FormCard(props: { title: string; children: ReactNode }) {
  const id = `${props.title.toLowerCase().replaceAll(" ", "-")}-title`;
  return (
    <Card labelledBy={id}>
      <CardHeader id={id} title={props.title} />
      <div className="p-4">{props.children}</div>
    </Card>
  );
}
