/**
 * /admin/payments/payouts (issue 15): what reached the shop's account and what is still
 * owed — Stripe payouts with their lines matched to orders and fees, cash couriers owe
 * and their remittances, transfers waiting for verification, and the reconciliation per
 * day and method (chart, table, CSV) with the mismatches to act on.
 */
import { minorDigits, type RemittanceOverview } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Banknote, CheckCircle2, Landmark } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { toast } from "sonner";
import { formatDate, formatDateTime } from "../../features/admin/format.ts";
import { ExportCsvButton, FilterField } from "../../features/admin/list/list-parts.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import {
  methodLabels,
  paymentActions,
  paymentEndpoints,
  paymentKeys,
  usePayouts,
  useReconciliation,
  useRemittances,
  useVerifications,
} from "../../features/admin/payments/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Field, Select, TextArea, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";

const tabs = [
  { id: "reconciliation", label: "Reconciliation" },
  { id: "stripe", label: "Stripe payouts" },
  { id: "couriers", label: "Courier remittances" },
  { id: "transfers", label: "Transfers to verify" },
] as const;
type Tab = (typeof tabs)[number]["id"];

export function meta() {
  return [{ title: "Payouts" }];
}

export default function PaymentPayouts() {
  const [params, setParams] = useSearchParams();
  const tab = (tabs.some((t) => t.id === params.get("tab")) ? params.get("tab") : "reconciliation") as Tab;
  return (
    <>
      <PageHeader
        title="Payouts"
        description="What reached the shop's account, what couriers and Stripe still owe, and what does not add up."
      />
      <nav aria-label="Payout views" className="mb-4 flex flex-wrap gap-1">
        {tabs.map((item) => (
          <Button
            key={item.id}
            size="sm"
            variant={item.id === tab ? "primary" : "secondary"}
            aria-current={item.id === tab ? "page" : undefined}
            onClick={() =>
              setParams(item.id === "reconciliation" ? {} : { tab: item.id }, { preventScrollReset: true })
            }
          >
            {item.label}
          </Button>
        ))}
      </nav>
      {tab === "stripe" ? <StripePayouts /> : null}
      {tab === "couriers" ? <Couriers /> : null}
      {tab === "transfers" ? <Transfers /> : null}
      {tab === "reconciliation" ? <ReconciliationView /> : null}
    </>
  );
}

function StripePayouts() {
  const query = usePayouts();
  const data = query.data;
  if (query.isError && !data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <SkeletonRows rows={6} label="Loading Stripe payouts" />;
  if (!data.configured)
    return (
      <Card>
        <EmptyState icon={Landmark} title="Stripe is not set up">
          Card payments and their payouts appear here once STRIPE_SECRET_KEY is configured.
        </EmptyState>
      </Card>
    );
  if (data.error) return <QueryError error={new Error(data.error)} onRetry={() => void query.refetch()} />;
  if (data.payouts.length === 0)
    return (
      <Card>
        <EmptyState icon={Landmark} title="No payouts yet">
          Stripe pays card takings out to the bank account every few days.
        </EmptyState>
      </Card>
    );
  return (
    <div className="space-y-4">
      {data.payouts.map((payout) => (
        <Card key={payout.id}>
          <CardHeader
            title={`${formatMoney(payout.amount, payout.currency)} · ${formatDate(payout.arrivalDate)}`}
            description={`${payout.id} · ${payout.status} · fees ${formatMoney(payout.fees, payout.currency)}`}
          />
          <Table
            caption={`Lines of payout ${payout.id}`}
            scrollable
            columns={[
              { label: "Type" },
              { label: "Source" },
              { label: "Order" },
              { label: "Amount", align: "end" },
              { label: "Fee", align: "end" },
              { label: "Net", align: "end" },
            ]}
          >
            {payout.lines.map((line) => (
              <tr key={line.id}>
                <td className="px-4 py-2 text-sm">{line.type}</td>
                <td className="px-4 py-2 font-mono text-xs">{line.source ?? "—"}</td>
                <td className="px-4 py-2">
                  {line.orderId ? (
                    <Link to={`${adminPaths.orders()}/${line.orderId}`} className="font-medium underline">
                      {line.orderNumber}
                    </Link>
                  ) : (
                    <Pill tone="red">no order</Pill>
                  )}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(line.amount, payout.currency)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(line.fee, payout.currency)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(line.net, payout.currency)}</td>
              </tr>
            ))}
          </Table>
        </Card>
      ))}
    </div>
  );
}

function Couriers() {
  const queryClient = useQueryClient();
  const query = useRemittances();
  const [recording, setRecording] = useState<RemittanceOverview["couriers"][number] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [reference, setReference] = useState("");
  const [busy, setBusy] = useState(false);
  const data = query.data;
  if (query.isError && !data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <SkeletonRows rows={6} label="Loading courier remittances" />;
  const currency = data.currency;
  const amount = recording
    ? recording.orders.filter((o) => chosen.includes(o.orderId)).reduce((s, o) => s + o.total, 0)
    : 0;

  async function record() {
    if (!recording) return;
    setBusy(true);
    try {
      await paymentActions.remit({ courier: recording.courier, orderIds: chosen, amount, reference: reference.trim() });
      toast.success(`Recorded ${formatMoney(amount, currency)} from ${recording.courier}.`);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      setRecording(null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          title="What couriers owe"
          description="Delivered cash-on-delivery orders whose cash has not been handed over."
        />
        {data.couriers.length === 0 ? (
          <EmptyState icon={Banknote} title="No courier owes anything">
            Delivered cash orders appear here until their courier hands the cash over.
          </EmptyState>
        ) : (
          <Table
            caption="Cash owed per courier"
            scrollable
            columns={[
              { label: "Courier" },
              { label: "Orders" },
              { label: "Handed over so far", align: "end" },
              { label: "Owed", align: "end" },
              { label: "Actions", hidden: true },
            ]}
          >
            {data.couriers.map((courier) => (
              <tr key={courier.courier} data-testid="courier-row">
                <td className="px-4 py-2 font-medium">{courier.courier}</td>
                <td className="px-4 py-2 text-sm">{courier.orders.map((o) => o.orderNumber).join(", ") || "—"}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(courier.remitted, currency)}</td>
                <td className="px-4 py-2 text-right font-medium tabular-nums">{formatMoney(courier.owed, currency)}</td>
                <td className="px-4 py-2 text-right">
                  <Button
                    size="sm"
                    disabled={courier.orders.length === 0}
                    onClick={() => {
                      setRecording(courier);
                      setChosen(courier.orders.map((o) => o.orderId));
                      setReference("");
                    }}
                  >
                    Record cash handed over
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Card>
        <CardHeader title="Recent remittances" />
        {data.recent.length === 0 ? (
          <p className="p-4 text-muted text-sm">No remittances recorded yet.</p>
        ) : (
          <Table
            caption="Recent remittances"
            scrollable
            columns={[
              { label: "When" },
              { label: "Courier" },
              { label: "Orders" },
              { label: "Reference" },
              { label: "By" },
              { label: "Amount", align: "end" },
            ]}
          >
            {data.recent.map((row) => (
              <tr key={row.id}>
                <td className="whitespace-nowrap px-4 py-2 text-xs">{formatDateTime(row.createdAt)}</td>
                <td className="px-4 py-2">{row.courier}</td>
                <td className="px-4 py-2 text-sm">{row.orderNumbers.join(", ")}</td>
                <td className="px-4 py-2 text-sm">{row.reference || "—"}</td>
                <td className="px-4 py-2 text-sm">{row.actorName}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.amount, currency)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <ConfirmDialog
        open={recording !== null}
        onOpenChange={(open) => (open ? undefined : setRecording(null))}
        title={`Cash handed over by ${recording?.courier ?? ""}`}
        description={`Record ${formatMoney(amount, currency)} for ${chosen.length} order${chosen.length === 1 ? "" : "s"}. Orders not yet marked paid become paid.`}
        confirmLabel={`Record ${formatMoney(amount, currency)}`}
        pending={busy || chosen.length === 0}
        onConfirm={() => void record()}
      >
        <fieldset className="space-y-1 text-sm">
          <legend className="mb-1 font-medium">Orders paid for</legend>
          {recording?.orders.map((order) => (
            <label key={order.orderId} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(order.orderId)}
                onChange={(event) =>
                  setChosen(
                    event.target.checked ? [...chosen, order.orderId] : chosen.filter((id) => id !== order.orderId),
                  )
                }
              />
              {order.orderNumber} · {formatMoney(order.total, currency)}
            </label>
          ))}
        </fieldset>
        <div className="mt-3">
          <Field id="remit-reference" label="Reference (optional)" hint="Receipt or envelope number.">
            {(control) => (
              <TextInput {...control} value={reference} onChange={(event) => setReference(event.target.value)} />
            )}
          </Field>
        </div>
      </ConfirmDialog>
    </div>
  );
}

function Transfers() {
  const queryClient = useQueryClient();
  const query = useVerifications();
  const [deciding, setDeciding] = useState<{
    id: number;
    number: string;
    version: number;
    decision: "verify" | "reject";
  } | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const data = query.data;
  if (query.isError && !data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <SkeletonRows rows={6} label="Loading transfers" />;

  async function decide() {
    if (!deciding) return;
    setBusy(true);
    try {
      await paymentActions.decide(deciding.id, {
        version: deciding.version,
        decision: deciding.decision,
        note: note.trim(),
      });
      toast.success(
        deciding.decision === "verify"
          ? `${deciding.number} verified: paid.`
          : `${deciding.number}: transfer rejected.`,
      );
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      setDeciding(null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Transfers waiting for verification"
        description="Check each transaction id against the bank or mobile-money account."
      />
      {data.items.length === 0 ? (
        <EmptyState icon={CheckCircle2} title="No transfer waits">
          Orders paid by manual transfer wait here until someone checks the account.
        </EmptyState>
      ) : (
        <Table
          caption="Transfers to verify"
          scrollable
          columns={[
            { label: "Placed" },
            { label: "Order" },
            { label: "Shopper's transaction id" },
            { label: "Amount", align: "end" },
            { label: "Actions", hidden: true },
          ]}
        >
          {data.items.map((row) => (
            <tr key={row.orderId} data-testid="transfer-row">
              <td className="whitespace-nowrap px-4 py-2 text-xs">{formatDateTime(row.placedAt)}</td>
              <td className="px-4 py-2">
                <Link to={`${adminPaths.orders()}/${row.orderId}`} className="font-medium underline">
                  {row.orderNumber}
                </Link>
                <span className="block text-muted text-xs">{row.customerName}</span>
              </td>
              <td className="px-4 py-2 font-mono text-sm">{row.transferReference ?? "—"}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.total, row.currency)}</td>
              <td className="space-x-2 whitespace-nowrap px-4 py-2 text-right">
                <Button
                  size="sm"
                  variant="primary"
                  onClick={() => {
                    setNote("");
                    setDeciding({ id: row.orderId, number: row.orderNumber, version: row.version, decision: "verify" });
                  }}
                >
                  Verify
                </Button>
                <Button
                  size="sm"
                  onClick={() => {
                    setNote("");
                    setDeciding({ id: row.orderId, number: row.orderNumber, version: row.version, decision: "reject" });
                  }}
                >
                  Reject
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={
          deciding?.decision === "verify"
            ? `Verify the transfer for ${deciding?.number ?? ""}?`
            : `Reject the transfer for ${deciding?.number ?? ""}?`
        }
        description={
          deciding?.decision === "verify"
            ? "The money is in the account: the order becomes paid."
            : "The money is not in the account: the shopper sees why on their order."
        }
        confirmLabel={deciding?.decision === "verify" ? "Verify: paid" : "Reject transfer"}
        pending={busy}
        onConfirm={() => void decide()}
      >
        <Field id="transfer-note" label={deciding?.decision === "reject" ? "Why (required)" : "Note (optional)"}>
          {(control) => (
            <TextArea {...control} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
          )}
        </Field>
      </ConfirmDialog>
    </Card>
  );
}

function ReconciliationView() {
  // The page's tab stays in the URL beside the period.
  const { filter, submit, key } = useListState(["from", "to", "group"] as const);
  const query = useReconciliation(filter);
  const data = query.data;
  if (query.isError && !data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <SkeletonRows rows={8} label="Loading the reconciliation" />;
  const currency = data.currency;
  const periods = [...new Set(data.rows.map((row) => row.period))];
  const chart = periods.map((period) => {
    const rows = data.rows.filter((row) => row.period === period);
    const sum = (key: "captured" | "refunded" | "paidOut") =>
      rows.reduce((s, row) => s + row[key], 0) / 10 ** minorDigits(currency);
    return { period, Taken: sum("captured"), Refunded: sum("refunded"), "Paid out": sum("paidOut") };
  });
  const totals = data.rows.reduce(
    (acc, row) => ({
      captured: acc.captured + row.captured,
      refunded: acc.refunded + row.refunded,
      fees: acc.fees + row.fees,
      outstanding: acc.outstanding + row.outstanding,
    }),
    { captured: 0, refunded: 0, fees: 0, outstanding: 0 },
  );
  return (
    <div className="space-y-4">
      <Card>
        <form
          key={key}
          className="flex flex-wrap items-end gap-3 p-4"
          aria-label="Reconciliation period"
          onSubmit={submit}
        >
          <FilterField id="rc-from" label="From">
            <TextInput id="rc-from" type="date" name="from" defaultValue={data.from} />
          </FilterField>
          <FilterField id="rc-to" label="To">
            <TextInput id="rc-to" type="date" name="to" defaultValue={data.to} />
          </FilterField>
          <FilterField id="rc-group" label="Per">
            <Select id="rc-group" name="group" defaultValue={filter.group ?? "day"}>
              <option value="day">Day</option>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </Select>
          </FilterField>
          <Button type="submit" variant="primary">
            Show
          </Button>
          <span className="ml-auto">
            <ExportCsvButton endpoint={paymentEndpoints.reconciliationExport} query={filter} />
          </span>
          <p className="basis-full text-muted text-xs">
            Days are the shop's own (its time zone in Settings → Checkout). Fees are Stripe's, counted on their
            payment's day as the ledger holds them.
          </p>
        </form>
      </Card>
      <Card>
        <CardHeader
          title="Taken, refunded and paid out"
          description={`${formatMoney(totals.captured, currency)} taken, ${formatMoney(totals.refunded, currency)} refunded, ${formatMoney(totals.fees, currency)} in fees and ${formatMoney(totals.outstanding, currency)} not yet paid out from ${formatDate(data.from)} to ${formatDate(data.to)}.`}
        />
        <figure className="m-0 p-4">
          <div style={{ height: 260 }} aria-hidden>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke="#e7e5e4" />
                <XAxis dataKey="period" tick={{ fontSize: 11, fill: "#57534e" }} tickLine={false} minTickGap={16} />
                <YAxis tick={{ fontSize: 11, fill: "#57534e" }} tickLine={false} axisLine={false} />
                <Tooltip contentStyle={{ borderRadius: 8, borderColor: "#e7e5e4", fontSize: 12 }} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="Taken" fill="#9a3412" isAnimationActive={false} maxBarSize={24} />
                <Bar dataKey="Refunded" fill="#a8a29e" isAnimationActive={false} maxBarSize={24} />
                <Bar dataKey="Paid out" fill="#166534" isAnimationActive={false} maxBarSize={24} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      </Card>
      <Card>
        {data.rows.length === 0 ? (
          <EmptyState icon={Landmark} title="No money moved in this period" />
        ) : (
          <Table
            caption="Reconciliation per period and method"
            scrollable
            columns={[
              { label: "Period" },
              { label: "Method" },
              { label: "Taken", align: "end" },
              { label: "Refunded", align: "end" },
              { label: "Fees", align: "end" },
              { label: "Net", align: "end" },
              { label: "Paid out", align: "end" },
              { label: "Outstanding", align: "end" },
            ]}
          >
            {data.rows.map((row) => (
              <tr key={`${row.period}-${row.method}`}>
                <td className="whitespace-nowrap px-4 py-2 text-sm">{row.period}</td>
                <td className="px-4 py-2 text-sm">{methodLabels[row.method]}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.captured, currency)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.refunded, currency)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.fees, currency)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.net, currency)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.paidOut, currency)}</td>
                <td className="px-4 py-2 text-right font-medium tabular-nums">
                  {formatMoney(row.outstanding, currency)}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Card>
        <CardHeader title="What does not add up" description="Payments Stripe or staff still have to settle." />
        {data.mismatches.length === 0 ? (
          <p className="p-4 text-muted text-sm">Everything matches.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {data.mismatches.map((item) => (
              <li
                key={`${item.kind}-${item.orderId ?? ""}-${item.reference ?? ""}`}
                className="flex flex-wrap items-center gap-2 px-4 py-2 text-sm"
              >
                <Pill tone="amber">{item.kind.replaceAll("_", " ")}</Pill>
                <span>{item.message}</span>
                {item.orderId ? (
                  <Link to={`${adminPaths.orders()}/${item.orderId}`} className="ml-auto underline">
                    Open {item.orderNumber}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
