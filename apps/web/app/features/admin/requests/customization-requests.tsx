/**
 * /admin/show/show-customization-requests: every request, unchecked first then id
 * descending (the spec's rule, as the server sorts them), with a status filter; a request
 * opens beside the list with its details and the staff actions: mark checked / undo,
 * quote (unit price and delivery time) or reject with a reason.
 */
import {
  type CustomizationRequest,
  customizationStatusValues,
  formatMinor,
  minorDigits,
  parseMoney,
} from "@atelier/contract";
import { Palette } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/money.ts";
import { formatDateTime } from "../format.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Field, Select, TextArea, TextInput } from "../ui/fields.tsx";
import { EmptyState, Pill, type PillTone, QueryError, SkeletonRows } from "../ui/states.tsx";
import { Table } from "../ui/table.tsx";
import { customizationAdminApi } from "./api.ts";

const statusTone: Record<CustomizationRequest["status"], PillTone> = {
  new: "brand",
  quoted: "amber",
  rejected: "red",
  accepted: "green",
  ordered: "green",
  cancelled: "neutral",
};

/** A 409 means another staff member changed the request: say so and offer a reload. */
export function actionFailed(error: unknown, reload: () => void): void {
  if (error instanceof ApiError && error.status === 409) {
    toast.error(errorMessage(error), { action: { label: "Reload", onClick: reload } });
  } else {
    toast.error(errorMessage(error));
  }
}

export function CustomizationRequestsPanel() {
  const list = customizationAdminApi.useList();
  const [status, setStatus] = useState<string>("");
  const [openId, setOpenId] = useState<number | null>(null);
  const filterId = useId();
  const rows = (list.data ?? []).filter((row) => status === "" || row.status === status);
  const open = list.data?.find((row) => row.id === openId);

  return (
    <div className="grid items-start gap-6 min-[1200px]:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
      <Card>
        <CardHeader
          title="Customization requests"
          description={list.data ? `${list.data.filter((row) => !row.isChecked).length} unchecked` : undefined}
          actions={
            <div className="flex items-center gap-2">
              <label htmlFor={filterId} className="text-sm">
                Status
              </label>
              <Select id={filterId} value={status} onChange={(event) => setStatus(event.target.value)}>
                <option value="">All</option>
                {customizationStatusValues.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </Select>
            </div>
          }
        />
        {list.isPending ? (
          <SkeletonRows label="Loading customization requests" />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={Palette} title="No customization requests">
            Requests shoppers send from the Customize category and product pages appear here.
          </EmptyState>
        ) : (
          <Table
            caption="Customization requests, unchecked first then newest"
            columns={[
              { label: "Request" },
              { label: "Customer" },
              { label: "Base" },
              { label: "Status" },
              { label: "Checked" },
              { label: "Actions", hidden: true, align: "end" },
            ]}
          >
            {rows.map((row) => (
              <tr key={row.id} className={row.isChecked ? "" : "bg-orange-50/40"}>
                <td className="px-4 py-2 font-medium">#{row.id}</td>
                <td className="px-4 py-2">
                  <div>{row.contactName}</div>
                  <div className="text-muted text-xs">{row.contactEmail}</div>
                </td>
                <td className="px-4 py-2">{row.productName ?? row.productTypeName ?? "—"}</td>
                <td className="px-4 py-2">
                  <Pill tone={statusTone[row.status]}>{row.status}</Pill>
                </td>
                <td className="px-4 py-2">{row.isChecked ? formatDateTime(row.checkedDate) : "Not yet"}</td>
                <td className="px-4 py-2 text-right">
                  <Button size="sm" onClick={() => setOpenId(row.id)} aria-label={`Open request #${row.id}`}>
                    Open
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      {open ? <RequestDetail key={`${open.id}-${open.version}`} request={open} reload={() => list.refetch()} /> : null}
    </div>
  );
}

function RequestDetail(props: { request: CustomizationRequest; reload: () => void }) {
  const { request } = props;
  const id = useId();
  const action = customizationAdminApi.useAction();
  const [price, setPrice] = useState(
    request.quotePrice === null ? "" : formatMinor(request.quotePrice, minorDigits(request.currency)),
  );
  const [deliveryTime, setDeliveryTime] = useState(request.quoteDeliveryTime ?? "");
  const [note, setNote] = useState(request.quoteNote);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canAnswer = request.status === "new" || request.status === "quoted";

  async function run(input: Parameters<typeof action.mutateAsync>[0], done: string) {
    setErrors({});
    try {
      await action.mutateAsync(input);
      toast.success(done);
    } catch (error) {
      if (error instanceof ApiError && error.body?.error.fields) setErrors(error.body.error.fields);
      actionFailed(error, props.reload);
    }
  }

  return (
    <Card labelledBy={`${id}-title`}>
      <CardHeader id={`${id}-title`} title={`Request #${request.id}`} description={request.status} />
      <div className="space-y-4 p-4 text-sm">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">Customer</dt>
          <dd>
            {request.contactName}, {request.contactEmail}
            {request.contactPhone ? `, ${request.contactPhone}` : ""}
          </dd>
          <dt className="text-muted">Base</dt>
          <dd>{[request.productName, request.productTypeName].filter(Boolean).join(" · ") || "—"}</dd>
          <dt className="text-muted">Size / color</dt>
          <dd>{[request.size, request.color].filter(Boolean).join(" / ") || "—"}</dd>
          <dt className="text-muted">Quantity</dt>
          <dd>{request.quantity}</dd>
          <dt className="text-muted">Sent</dt>
          <dd>{formatDateTime(request.createdAt)}</dd>
          {request.orderNumber ? (
            <>
              <dt className="text-muted">Order</dt>
              <dd>{request.orderNumber}</dd>
            </>
          ) : null}
        </dl>
        <p className="whitespace-pre-wrap rounded-lg bg-stone-50 p-3">{request.description}</p>
        {request.images.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Reference images">
            {request.images.map((image) => (
              <li key={image}>
                <a href={`/api/admin/getimage/${encodeURIComponent(image)}`} target="_blank" rel="noreferrer">
                  <img
                    src={`/api/admin/getimage/${encodeURIComponent(image)}`}
                    alt="Reference"
                    className="size-20 rounded-md object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {request.quotePrice !== null ? (
          <p>
            Quoted {formatMoney(request.quotePrice, request.currency)} each, {request.quoteDeliveryTime}
          </p>
        ) : null}
        {request.rejectionReason ? <p>Rejected: {request.rejectionReason}</p> : null}

        <Button
          onClick={() =>
            run(
              { kind: "check", id: request.id, version: request.version, isChecked: !request.isChecked },
              request.isChecked ? "Marked unchecked" : "Marked checked",
            )
          }
          disabled={action.isPending}
        >
          {request.isChecked ? "Undo checked" : "Mark checked"}
        </Button>

        {canAnswer ? (
          <form
            className="space-y-3 border-line border-t pt-4"
            onSubmit={(event) => {
              event.preventDefault();
              const minor = parseMoney(price, minorDigits(request.currency));
              if (minor === null || minor <= 0) {
                setErrors({ price: "must be a price such as 45.00" });
                return;
              }
              void run(
                { kind: "quote", id: request.id, version: request.version, price: minor, deliveryTime, note },
                "Quote sent",
              );
            }}
          >
            <h3 className="font-medium">Reply with a quote</h3>
            <Field
              id={`${id}-price`}
              label={`Price per piece (${request.currency})`}
              error={errors.price && `Price ${errors.price}`}
            >
              {(control) => (
                <TextInput {...control} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
              )}
            </Field>
            <Field
              id={`${id}-delivery`}
              label="Delivery time"
              hint="e.g. 2-3 weeks"
              error={errors.deliveryTime && `Delivery time ${errors.deliveryTime}`}
            >
              {(control) => (
                <TextInput {...control} value={deliveryTime} onChange={(e) => setDeliveryTime(e.target.value)} />
              )}
            </Field>
            <Field id={`${id}-note`} label="Note to the customer (optional)">
              {(control) => <TextArea {...control} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />}
            </Field>
            <Button type="submit" variant="primary" disabled={action.isPending}>
              Send quote
            </Button>
          </form>
        ) : null}

        {canAnswer ? (
          <form
            className="space-y-3 border-line border-t pt-4"
            onSubmit={(event) => {
              event.preventDefault();
              void run({ kind: "reject", id: request.id, version: request.version, reason }, "Request rejected");
            }}
          >
            <Field id={`${id}-reason`} label="Reason for rejecting" error={errors.reason && `Reason ${errors.reason}`}>
              {(control) => (
                <TextArea {...control} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
              )}
            </Field>
            <Button type="submit" variant="dangerOutline" disabled={action.isPending}>
              Reject
            </Button>
          </form>
        ) : null}
      </div>
    </Card>
  );
}
