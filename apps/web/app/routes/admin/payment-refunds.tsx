/**
 * /admin/payments/refunds (issue 15): every refund with reason, who, order and method; the
 * pending queue of refunds someone must hand back by hand; issuing a refund (by amount or
 * by items, reviewed before the money moves).
 */
import { refundViews } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { RotateCcw, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useViewer } from "../../features/admin/access/viewer.tsx";
import { formatDateTime } from "../../features/admin/format.ts";
import { FilterField, ListStates } from "../../features/admin/list/list-parts.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import { methodLabels, paymentActions, paymentKeys, useRefunds } from "../../features/admin/payments/api.ts";
import { RefundDialog } from "../../features/admin/payments/refund-dialog.tsx";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Field, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";
import { statusTone } from "./payment-transactions.tsx";

const viewLabels: Record<(typeof refundViews)[number], string> = {
  all: "All refunds",
  pending: "Pending",
  succeeded: "Done",
  failed: "Failed",
};

export function meta() {
  return [{ title: "Refunds" }];
}

export default function PaymentRefunds() {
  const queryClient = useQueryClient();
  const { filter, page, apply, submit, setPage, key } = useListState(["view", "q"] as const);
  const view = (filter.view ?? "all") as (typeof refundViews)[number];
  const q = filter.q ?? "";
  const list = useRefunds({ view, ...(q ? { q } : {}), page, pageSize: 25 });
  const [issuing, setIssuing] = useState(false);
  const mayRefund = useViewer().can("refunds");
  const [settling, setSettling] = useState<{ id: number; label: string } | null>(null);
  const [reference, setReference] = useState("");
  const [busy, setBusy] = useState(false);

  async function settle() {
    if (!settling) return;
    setBusy(true);
    try {
      await paymentActions.settle(settling.id, { outcome: "succeeded", reference: reference.trim() });
      toast.success(`Refund ${settling.label} marked as handed back.`);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      setSettling(null);
      setReference("");
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const data = list.data;
  return (
    <>
      <PageHeader
        title="Refunds"
        description={
          data
            ? `${data.total} refund${data.total === 1 ? "" : "s"}; ${data.pendingCount} pending`
            : "Money given back to shoppers."
        }
        actions={
          mayRefund ? (
            <Button variant="primary" onClick={() => setIssuing(true)}>
              <Undo2 aria-hidden className="size-4" /> Issue a refund
            </Button>
          ) : null
        }
      />
      <div className="space-y-4">
        <Card>
          <div className="flex flex-wrap items-end gap-3 p-4">
            <nav aria-label="Refund views" className="flex flex-wrap gap-1">
              {refundViews.map((value) => (
                <Button
                  key={value}
                  size="sm"
                  variant={value === view ? "primary" : "secondary"}
                  aria-current={value === view ? "page" : undefined}
                  onClick={() => apply({ view: value === "all" ? undefined : value })}
                >
                  {viewLabels[value]}
                  {value === "pending" && data ? ` (${data.pendingCount})` : ""}
                </Button>
              ))}
            </nav>
            <form
              key={key}
              className="flex w-full items-end gap-2 sm:ml-auto sm:w-auto"
              aria-label="Search refunds"
              onSubmit={(event) => submit(event, ["q"])}
            >
              <FilterField id="r-q" label="Search" className="min-w-0 flex-1">
                <TextInput id="r-q" name="q" defaultValue={q} placeholder="Order, customer, reference" />
              </FilterField>
              <Button type="submit">Search</Button>
            </form>
          </div>
        </Card>
        <Card>
          <ListStates
            onPage={setPage}
            query={list}
            loadingLabel="Loading refunds"
            empty={{
              icon: RotateCcw,
              title: view === "pending" ? "Nothing waits for a refund" : "No refunds match",
              body: "Refunds issued here or from an order appear in this list.",
            }}
          >
            {(data) => (
              <>
                <Table
                  caption="Refunds"
                  scrollable
                  columns={[
                    { label: "When and by" },
                    { label: "Order" },
                    { label: "Reason" },
                    { label: "Status" },
                    { label: "Amount", align: "end" },
                  ]}
                >
                  {data.items.map((row) => (
                    <tr key={row.id} data-testid="refund-row">
                      <td className="whitespace-nowrap px-4 py-2 text-xs">
                        <Link to={`${adminPaths.transactions()}/${row.id}`} className="underline">
                          {formatDateTime(row.createdAt)}
                        </Link>
                        <span className="block text-muted">{row.actorName}</span>
                      </td>
                      <td className="whitespace-nowrap px-4 py-2">
                        <Link to={`${adminPaths.orders()}/${row.orderId}`} className="font-medium underline">
                          {row.orderNumber}
                        </Link>
                        <span className="block text-muted text-xs">{row.customerName}</span>
                        <span className="block text-muted text-xs">{methodLabels[row.method]}</span>
                      </td>
                      <td className="min-w-40 max-w-72 px-4 py-2 text-sm">{row.reason || "—"}</td>
                      <td className="px-4 py-2">
                        <Pill tone={statusTone(row.status)}>
                          {row.status === "pending"
                            ? row.needsAction
                              ? "needs action"
                              : "awaiting Stripe"
                            : row.status}
                        </Pill>
                        {row.needsAction && mayRefund ? (
                          <Button
                            size="sm"
                            className="mt-1 flex"
                            onClick={() =>
                              setSettling({
                                id: row.id,
                                label: `${row.orderNumber} (${formatMoney(row.amount, row.currency)})`,
                              })
                            }
                          >
                            Mark handed back
                          </Button>
                        ) : null}
                      </td>
                      <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                        −{formatMoney(row.amount, row.currency)}
                      </td>
                    </tr>
                  ))}
                </Table>
              </>
            )}
          </ListStates>
        </Card>
      </div>
      <RefundDialog open={issuing} onOpenChange={setIssuing} />
      <ConfirmDialog
        open={settling !== null}
        onOpenChange={(open) => (open ? undefined : setSettling(null))}
        title={`Money handed back for ${settling?.label ?? ""}?`}
        description="Record the receipt or transaction id of the cash or transfer given back. The refund then counts as done."
        confirmLabel="Record refund as done"
        pending={busy}
        onConfirm={() => void settle()}
      >
        <Field id="settle-reference" label="Reference">
          {(control) => (
            <TextInput {...control} value={reference} onChange={(event) => setReference(event.target.value)} />
          )}
        </Field>
      </ConfirmDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
