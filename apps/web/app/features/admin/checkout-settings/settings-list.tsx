/**
 * A settings page's two halves: the form card (add, or edit the row picked in the list)
 * and the rows in a table with Edit and Delete (asked first), with loading, empty and
 * failed states.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { type LucideIcon, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../ui/states.tsx";
import { type Column, Table } from "../ui/table.tsx";

export function SettingsList<Row extends { id: number; name: string }>(props: {
  title: string;
  kind: string;
  icon: LucideIcon;
  query: UseQueryResult<Row[]>;
  columns: readonly (Column & { cell: (row: Row) => ReactNode })[];
  onEdit: (row: Row) => void;
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
}) {
  const { query } = props;
  const [deleting, setDeleting] = useState<Row | null>(null);
  const headingId = `${props.kind.replaceAll(" ", "-")}-list-title`;
  return (
    <Card labelledBy={headingId}>
      <CardHeader id={headingId} title={props.title} />
      {query.isPending ? (
        <SkeletonRows rows={3} label={`Loading ${props.title.toLowerCase()}`} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={props.icon} title={`No ${props.title.toLowerCase()} yet`}>
          Add the first one with the form.
        </EmptyState>
      ) : (
        <Table caption={props.title} columns={[...props.columns, { label: "Actions", align: "end", hidden: true }]}>
          {query.data.map((row) => (
            <tr key={row.id} data-testid={`${props.kind.replaceAll(" ", "-")}-row`}>
              {props.columns.map((column) => (
                <td
                  key={column.label}
                  className={`px-4 py-2.5 ${column.align === "end" ? "text-right tabular-nums" : ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
              <td className="px-4 py-2.5">
                <div className="flex justify-end gap-1">
                  <Button size="icon" variant="ghost" aria-label={`Edit ${row.name}`} onClick={() => props.onEdit(row)}>
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.name ?? props.kind}?`}
        description={`Checkout stops offering it at once. Orders already placed keep what they were charged.`}
        confirmLabel={`Delete ${props.kind}`}
        pending={props.remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          props.remove
            .mutateAsync(deleting.id)
            .then(() => {
              toast.success(`Deleted ${deleting.name}`);
              setDeleting(null);
            })
            .catch((error: unknown) => toast.error(errorMessage(error)));
        }}
      />
    </Card>
  );
}
