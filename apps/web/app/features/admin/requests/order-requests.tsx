/**
 * /admin/show/show-requests: customers' cancel and return requests, open first then
 * newest, filtered by kind, status and dates. Approve (a cancellation cancels, restocks and
 * refunds; a return mails the instructions typed here), reject with a reason, and mark an
 * approved return received (stock back for the returned units, their price refunded).
 */
import { type AdminOrderRequest, OrderRequestKind, OrderRequestStatus } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { browserApi } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useViewer } from "../access/viewer.tsx";
import { formatDateTime } from "../format.ts";
import { inventoryEndpoints, inventoryKeys } from "../inventory/api.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Field, Select, TextArea, TextInput } from "../ui/fields.tsx";
import { EmptyState, Pill, type PillTone, QueryError, SkeletonRows } from "../ui/states.tsx";
import { Table } from "../ui/table.tsx";
import { type OrderRequestFilter, orderRequestsAdminApi } from "./api.ts";
import { actionFailed } from "./customization-requests.tsx";

const statusTone: Record<AdminOrderRequest["status"], PillTone> = {
  open: "brand",
  approved: "amber",
  rejected: "red",
  received: "green",
  refunded: "green",
};

const kinds = OrderRequestKind.options;
const statuses = OrderRequestStatus.options;

export function OrderRequestsPanel() {
  const id = useId();
  const [filter, setFilter] = useState<OrderRequestFilter>({ kind: "", status: "", from: "", to: "", page: 1 });
  const list = orderRequestsAdminApi.useList(filter);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = list.data?.items.find((row) => row.id === openId);
  const set = (change: Partial<OrderRequestFilter>) => setFilter((current) => ({ ...current, page: 1, ...change }));

  return (
    <div className="grid items-start gap-6 min-[1200px]:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Card>
        <CardHeader
          title="Cancel and return requests"
          description={list.data ? `${list.data.total} in all` : undefined}
        />
        <div className="grid gap-3 border-line border-b p-4 min-[600px]:grid-cols-4">
          <Field id={`${id}-kind`} label="Kind">
            {(control) => (
              <Select
                {...control}
                className="w-full"
                value={filter.kind}
                onChange={(e) => set({ kind: e.target.value as OrderRequestFilter["kind"] })}
              >
                <option value="">All</option>
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-status`} label="Status">
            {(control) => (
              <Select
                {...control}
                className="w-full"
                value={filter.status}
                onChange={(e) => set({ status: e.target.value as OrderRequestFilter["status"] })}
              >
                <option value="">All</option>
                {statuses.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-from`} label="From">
            {(control) => (
              <TextInput {...control} type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
            )}
          </Field>
          <Field id={`${id}-to`} label="To">
            {(control) => (
              <TextInput {...control} type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
            )}
          </Field>
        </div>
        {list.isPending ? (
          <SkeletonRows label="Loading requests" />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={Undo2} title="No requests match">
            Customers ask to cancel or return from their order page.
          </EmptyState>
        ) : (
          <>
            <Table
              caption="Cancel and return requests, open first"
              columns={[
                { label: "Order" },
                { label: "Kind" },
                { label: "Customer" },
                { label: "Status" },
                { label: "Asked" },
                { label: "Actions", hidden: true, align: "end" },
              ]}
            >
              {list.data.items.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-2 font-medium">{row.order.number}</td>
                  <td className="px-4 py-2">{row.kind}</td>
                  <td className="px-4 py-2">{row.order.customerName}</td>
                  <td className="px-4 py-2">
                    <Pill tone={statusTone[row.status]}>{row.status}</Pill>
                  </td>
                  <td className="px-4 py-2">{formatDateTime(row.createdAt)}</td>
                  <td className="px-4 py-2 text-right">
                    <Button
                      size="sm"
                      onClick={() => setOpenId(row.id)}
                      aria-label={`Open the ${row.kind} request of ${row.order.number}`}
                    >
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </Table>
            {list.data.pageCount > 1 ? (
              <nav aria-label="Pages" className="flex items-center justify-end gap-2 p-4 text-sm">
                <Button
                  size="sm"
                  disabled={filter.page <= 1}
                  onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
                >
                  Previous
                </Button>
                <span>
                  Page {filter.page} of {list.data.pageCount}
                </span>
                <Button
                  size="sm"
                  disabled={filter.page >= list.data.pageCount}
                  onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </Card>
      {open ? <RequestDetail key={`${open.id}-${open.version}`} request={open} reload={() => list.refetch()} /> : null}
    </div>
  );
}

function RequestDetail(props: { request: AdminOrderRequest; reload: () => void }) {
  const { request } = props;
  const id = useId();
  const action = orderRequestsAdminApi.useAction();
  const [note, setNote] = useState("");
  const [reason, setReason] = useState("");
  // Inventory (issue 14): staff who may see the warehouses choose where returned units go.
  const viewer = useViewer();
  const warehouses = useQuery({
    queryKey: inventoryKeys.warehouses(),
    queryFn: () => browserApi.get(inventoryEndpoints.warehouses),
    enabled: request.kind === "return" && request.status === "approved" && viewer.can("inventory"),
  });
  const [restockInto, setRestockInto] = useState("");

  async function run(input: Parameters<typeof action.mutateAsync>[0], done: string) {
    try {
      await action.mutateAsync(input);
      toast.success(done);
    } catch (error) {
      actionFailed(error, props.reload);
    }
  }

  return (
    <Card labelledBy={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title={`${request.kind === "cancel" ? "Cancellation" : "Return"} of ${request.order.number}`}
        description={`${request.status} · order ${request.order.status} · ${formatMoney(request.order.total, request.order.currency)}`}
      />
      <div className="space-y-4 p-4 text-sm">
        <p>
          {request.order.customerName} ({request.order.email})
        </p>
        <p className="whitespace-pre-wrap rounded-lg bg-stone-50 p-3">{request.reason}</p>
        {request.items.length > 0 ? (
          <ul className="list-disc pl-5">
            {request.items.map((item) => (
              <li key={item.orderLineId}>
                {item.quantity} × {item.productName}
              </li>
            ))}
          </ul>
        ) : null}
        {request.resolutionNote ? <p>Answer: {request.resolutionNote}</p> : null}
        {request.decidedByName ? (
          <p className="text-muted">
            Decided by {request.decidedByName}, {formatDateTime(request.decidedAt)}
          </p>
        ) : null}

        {request.status === "open" ? (
          <>
            <Field
              id={`${id}-note`}
              label={request.kind === "return" ? "Return instructions (mailed)" : "Note to the customer (optional)"}
            >
              {(control) => <TextArea {...control} rows={3} value={note} onChange={(e) => setNote(e.target.value)} />}
            </Field>
            <Button
              variant="primary"
              disabled={action.isPending}
              onClick={() =>
                run({ kind: "approve", id: request.id, version: request.version, note }, "Request approved")
              }
            >
              {request.kind === "cancel" ? "Approve: cancel and restock" : "Approve the return"}
            </Button>
            <Field id={`${id}-reason`} label="Reason for rejecting">
              {(control) => (
                <TextArea {...control} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
              )}
            </Field>
            <Button
              variant="dangerOutline"
              disabled={action.isPending}
              onClick={() =>
                run({ kind: "reject", id: request.id, version: request.version, reason }, "Request rejected")
              }
            >
              Reject
            </Button>
          </>
        ) : null}
        {request.kind === "return" && request.status === "approved" ? (
          <>
            {warehouses.data ? (
              <Field id={`${id}-restock`} label="Restock into">
                {(control) => (
                  <Select {...control} value={restockInto} onChange={(event) => setRestockInto(event.target.value)}>
                    <option value="">The warehouses the items came from</option>
                    {warehouses.data.warehouses
                      .filter((warehouse) => warehouse.isActive)
                      .map((warehouse) => (
                        <option key={warehouse.id} value={warehouse.id}>
                          {warehouse.name}
                        </option>
                      ))}
                  </Select>
                )}
              </Field>
            ) : null}
            <Button
              variant="primary"
              disabled={action.isPending}
              onClick={() =>
                run(
                  {
                    kind: "received",
                    id: request.id,
                    version: request.version,
                    ...(restockInto ? { restockWarehouseId: Number(restockInto) } : {}),
                  },
                  "Received, restocked and refunded",
                )
              }
            >
              Items received: restock and refund
            </Button>
          </>
        ) : null}
      </div>
    </Card>
  );
}
