/**
 * /admin/payments/transactions (issue 15): every money event of the payment ledger, with
 * search (order number, customer, provider reference), filters (method, event, status,
 * dates) and sort in the URL, totals for the whole filter, pages and CSV.
 */
import { ledgerEventLabels, ledgerEvents, ledgerStatuses, transactionSorts } from "@atelier/contract";
import { ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "../../features/admin/format.ts";
import { ExportCsvButton, FilterActions, FilterField, ListStates } from "../../features/admin/list/list-parts.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import { feeText, methodLabels, paymentEndpoints, useTransactions } from "../../features/admin/payments/api.ts";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill, type PillTone } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";

const filterKeys = ["q", "method", "event", "status", "from", "to", "sort"] as const;
const sortLabels: Record<(typeof transactionSorts)[number], string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "amount-desc": "Largest amount",
  "amount-asc": "Smallest amount",
};

export function meta() {
  return [{ title: "Transactions" }];
}

export function statusTone(status: string): PillTone {
  return status === "succeeded" ? "green" : status === "pending" ? "amber" : "red";
}

export default function PaymentTransactions() {
  const { filter, page, submit, setPage, key } = useListState(filterKeys);
  const list = useTransactions({ ...filter, page, pageSize: 25 });
  const data = list.data;
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every payment, refund, cash collection, transfer check and dispute, as the ledger recorded it."
        actions={<ExportCsvButton endpoint={paymentEndpoints.transactionsExport} query={filter} />}
      />
      <div className="space-y-4">
        <Card>
          <form
            key={key}
            onSubmit={submit}
            className="grid gap-3 p-4 md:grid-cols-2 lg:grid-cols-4"
            aria-label="Filter transactions"
          >
            <FilterField id="t-q" label="Search" className="md:col-span-2">
              <TextInput
                id="t-q"
                name="q"
                defaultValue={filter.q ?? ""}
                placeholder="A10042, customer, pi_… or reference"
              />
            </FilterField>
            <FilterField id="t-method" label="Method">
              <Select id="t-method" name="method" defaultValue={filter.method ?? ""} className="w-full">
                <option value="">All methods</option>
                {Object.entries(methodLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="t-event" label="Event">
              <Select id="t-event" name="event" defaultValue={filter.event ?? ""} className="w-full">
                <option value="">All events</option>
                {ledgerEvents.map((value) => (
                  <option key={value} value={value}>
                    {ledgerEventLabels[value]}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="t-status" label="Status">
              <Select id="t-status" name="status" defaultValue={filter.status ?? ""} className="w-full">
                <option value="">Any status</option>
                {ledgerStatuses.map((value) => (
                  <option key={value} value={value}>
                    {value[0]?.toUpperCase()}
                    {value.slice(1)}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="t-from" label="From">
              <TextInput id="t-from" type="date" name="from" defaultValue={filter.from ?? ""} />
            </FilterField>
            <FilterField id="t-to" label="To">
              <TextInput id="t-to" type="date" name="to" defaultValue={filter.to ?? ""} />
            </FilterField>
            <FilterField id="t-sort" label="Sort">
              <Select id="t-sort" name="sort" defaultValue={filter.sort ?? "newest"} className="w-full">
                {transactionSorts.map((value) => (
                  <option key={value} value={value}>
                    {sortLabels[value]}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterActions clearTo={adminPaths.transactions()} className="md:col-span-2 lg:col-span-4" />
          </form>
        </Card>
        {data ? (
          <Card>
            <dl
              className="grid grid-cols-2 gap-4 p-4 text-sm md:grid-cols-3 lg:grid-cols-6"
              aria-label="Totals for this filter"
            >
              <div>
                <dt className="text-muted">Transactions</dt>
                <dd className="font-semibold text-lg tabular-nums">{data.total}</dd>
              </div>
              <div>
                <dt className="text-muted">Money in</dt>
                <dd className="font-semibold text-lg tabular-nums" data-testid="total-in">
                  {formatMoney(data.totals.moneyIn, data.totals.currency)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Money out</dt>
                <dd className="font-semibold text-lg tabular-nums">
                  {formatMoney(data.totals.moneyOut, data.totals.currency)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Net</dt>
                <dd className="font-semibold text-lg tabular-nums">
                  {formatMoney(data.totals.net, data.totals.currency)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Fees</dt>
                <dd className="font-semibold text-lg tabular-nums">
                  {formatMoney(data.totals.fees, data.totals.currency)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Net after fees</dt>
                <dd className="font-semibold text-lg tabular-nums">
                  {formatMoney(data.totals.netAfterFees, data.totals.currency)}
                </dd>
              </div>
            </dl>
          </Card>
        ) : null}
        <Card>
          <ListStates
            onPage={setPage}
            query={list}
            rows={8}
            loadingLabel="Loading transactions"
            empty={{
              icon: ReceiptText,
              title: "No transactions match",
              body: "Payments appear here as Stripe, staff and couriers record them.",
            }}
          >
            {(data) => (
              <>
                <Table
                  caption="Transactions"
                  scrollable
                  columns={[
                    { label: "When and order" },
                    { label: "Event and method" },
                    { label: "Reference and by" },
                    { label: "Amount", align: "end" },
                  ]}
                >
                  {data.items.map((row) => (
                    <tr key={row.id} data-testid="transaction-row">
                      <td className="whitespace-nowrap px-4 py-2">
                        <Link to={`${adminPaths.transactions()}/${row.id}`} className="text-xs underline">
                          {formatDateTime(row.createdAt)}
                        </Link>
                        <span className="block">
                          <Link to={`${adminPaths.orders()}/${row.orderId}`} className="font-medium underline">
                            {row.orderNumber}
                          </Link>{" "}
                          <span className="text-muted text-xs">{row.customerName}</span>
                        </span>
                      </td>
                      <td className="px-4 py-2">
                        {ledgerEventLabels[row.event]}
                        {row.status !== "succeeded" ? (
                          <span className="ml-2">
                            <Pill tone={statusTone(row.status)}>{row.status}</Pill>
                          </span>
                        ) : null}
                        <span className="block text-muted text-xs">{methodLabels[row.method]}</span>
                      </td>
                      <td className="max-w-56 px-4 py-2">
                        <span className="block truncate font-mono text-xs">{row.providerReference ?? "—"}</span>
                        <span className="block text-muted text-xs">{row.actorName}</span>
                      </td>
                      <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                        {row.direction < 0 ? "−" : row.direction > 0 ? "+" : ""}
                        {formatMoney(row.amount, row.currency)}
                        {feeText(row) ? <span className="block text-muted text-xs">{feeText(row)}</span> : null}
                      </td>
                    </tr>
                  ))}
                </Table>
              </>
            )}
          </ListStates>
        </Card>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
