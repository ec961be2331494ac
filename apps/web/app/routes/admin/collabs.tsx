/**
 * /admin/promotions/collabs: collaborators (list, create, edit), an influencer's referral
 * coupons, and royalty statements (make one for a finished period, CSV, print, mark paid).
 * `?id=N` opens one collaborator, `?new=1` the empty form (state in the URL).
 */
import { type AdminCollaborator, collabEndpoints, formatMinor, minorDigits } from "@atelier/contract";
import { Handshake } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { collabsApi } from "../../features/admin/collabs/api.ts";
import { CollabForm } from "../../features/admin/collabs/collab-form.tsx";
import { downloadCsv } from "../../features/admin/promotions/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button, buttonClass } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Field, Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { SearchInput } from "../../features/admin/ui/search-input.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { useDebouncedValue } from "../../features/admin/use-debounced-value.ts";
import { useRootData } from "../../root.tsx";

const statusTone = { draft: "neutral", live: "green", ended: "amber" } as const;

export default function CollabsAdmin() {
  const [params, setParams] = useSearchParams();
  const id = params.get("id") ? Number(params.get("id")) : undefined;
  const creating = params.get("new") === "1";
  const list = collabsApi.useList();
  const one = collabsApi.useOne(id);
  const digits = minorDigits(useRootData().settings.currency);
  return (
    <>
      <PageHeader
        title="Collabs"
        description="Artists and influencers: their pages, products, referral codes and royalty statements."
        actions={
          <>
            <Link to="/admin/promotions/drops" className={buttonClass("secondary")}>
              Drops
            </Link>
            <Button variant="primary" onClick={() => setParams({ new: "1" })}>
              New collaborator
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        {creating && <CollabForm onSaved={(saved) => setParams({ id: String(saved.id) })} />}
        {id !== undefined && one.data && (
          <>
            <CollabForm key={`${one.data.id}-${one.data.version}`} collab={one.data} />
            {one.data.kind === "influencer" && <ReferralCoupons collab={one.data} />}
            <Statements collab={one.data} />
          </>
        )}
        {id !== undefined && one.error && <QueryError error={one.error} onRetry={() => void one.refetch()} />}
        <Card labelledBy="collabs-list-title">
          <CardHeader id="collabs-list-title" title="All collaborators" />
          {list.isPending ? (
            <SkeletonRows label="Loading collaborators" />
          ) : list.error ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.length === 0 ? (
            <EmptyState icon={Handshake} title="No collaborators yet">
              Add an artist or an influencer to give them a page and a collection.
            </EmptyState>
          ) : (
            <Table
              caption="Collaborators"
              columns={[
                { label: "Name" },
                { label: "Kind" },
                { label: "Status" },
                { label: "Products", align: "end" },
                { label: "Rate", align: "end" },
                { label: "Actions", hidden: true },
              ]}
            >
              {list.data.map((collab) => (
                <tr key={collab.id}>
                  <td className="px-4 py-2 font-medium">{collab.name}</td>
                  <td className="px-4 py-2 capitalize">{collab.kind}</td>
                  <td className="px-4 py-2">
                    <Pill tone={statusTone[collab.status]}>{collab.status}</Pill>
                  </td>
                  <td className="px-4 py-2 text-right">{collab.productCount}</td>
                  <td className="px-4 py-2 text-right">
                    {collab.rateKind === "percent"
                      ? `${collab.ratePercent}%`
                      : `${formatMinor(collab.rateAmount ?? 0, digits)} / unit`}
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Button size="sm" onClick={() => setParams({ id: String(collab.id) })}>
                      Edit<span className="sr-only"> {collab.name}</span>
                    </Button>
                    {collab.status !== "draft" && (
                      <a href={`/collabs/${collab.kind}/${collab.slug}`} className="ml-3 text-sm underline">
                        View<span className="sr-only"> {collab.name}'s page</span>
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </div>
    </>
  );
}

function ReferralCoupons({ collab }: { collab: AdminCollaborator }) {
  const [search, setSearch] = useState("");
  const coupons = collabsApi.useCouponOptions(useDebouncedValue(search.trim()));
  const link = collabsApi.useLinkCoupon();
  const unlink = collabsApi.useUnlinkCoupon();
  const [choice, setChoice] = useState("");
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Card labelledBy="referral-title">
      <CardHeader
        id="referral-title"
        title="Referral codes"
        description="Orders placed with these coupons are attributed to this influencer. Share the link: it applies the code."
      />
      <div className="space-y-4 p-4">
        {collab.coupons.length === 0 ? (
          <p className="text-muted text-sm">
            No referral code yet. Pick a code coupon below (staff with the Coupons permission create them under
            Coupons).
          </p>
        ) : (
          <ul className="space-y-2">
            {collab.coupons.map((coupon) => (
              <li key={coupon.id} className="flex flex-wrap items-center gap-3 text-sm">
                <span className="font-mono font-semibold">{coupon.code ?? "(automatic)"}</span>
                <span className="text-muted">{coupon.title}</span>
                {coupon.code && (
                  <code className="rounded bg-stone-100 px-2 py-0.5">{`${origin}/?ref=${coupon.code}`}</code>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    unlink.mutate(
                      { id: collab.id, couponId: coupon.id },
                      { onSuccess: () => toast.success(`${coupon.code ?? coupon.title} is no longer a referral code`) },
                    )
                  }
                >
                  Remove<span className="sr-only"> {coupon.code}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!choice) return;
            link.mutate(
              { id: collab.id, couponId: Number(choice) },
              {
                onSuccess: () => toast.success("Referral code added"),
                onError: (error) => toast.error(errorMessage(error)),
              },
            );
          }}
        >
          <SearchInput
            id="referral-search"
            label="Find a coupon by code or title"
            visibleLabel
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Field id="referral-coupon" label="Coupon">
            {(control) => (
              <Select {...control} value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value="">
                  {coupons.isPending
                    ? "Loading coupons…"
                    : coupons.data?.length === 0
                      ? "No code coupon matches"
                      : "Choose a coupon…"}
                </option>
                {(coupons.data ?? []).map((coupon) => (
                  <option
                    key={coupon.id}
                    value={coupon.id}
                    disabled={coupon.collaboratorId !== null && coupon.collaboratorId !== collab.id}
                  >
                    {coupon.code} — {coupon.title}
                    {coupon.isActive ? "" : " (disabled)"}
                    {coupon.collaboratorId === collab.id
                      ? " (linked)"
                      : coupon.collaboratorName
                        ? ` (${coupon.collaboratorName}'s)`
                        : ""}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" disabled={!choice || link.isPending}>
            Add referral code
          </Button>
        </form>
      </div>
    </Card>
  );
}

const money = (amount: number, currency: string) => `${currency} ${formatMinor(amount, minorDigits(currency))}`;

function lastMonth(): { start: string; end: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

function Statements({ collab }: { collab: AdminCollaborator }) {
  const statements = collabsApi.useStatements(collab.id);
  const create = collabsApi.useCreateStatement();
  const markPaid = collabsApi.useMarkPaid();
  const [period, setPeriod] = useState(lastMonth);
  const [paying, setPaying] = useState<number | null>(null);
  const [reference, setReference] = useState("");
  return (
    <Card labelledBy="statements-title">
      <CardHeader
        id="statements-title"
        title="Royalty statements"
        description="Units, net sales after discounts and refunds, and what is due, per finished period. Refunds made after a paid statement count in the next one."
      />
      <div className="space-y-4 p-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              {
                id: collab.id,
                periodStart: new Date(`${period.start}T00:00:00Z`).toISOString(),
                periodEnd: new Date(`${period.end}T00:00:00Z`).toISOString(),
              },
              {
                onSuccess: (made) => toast.success(`Statement made: ${money(made.due, made.currency)} due`),
                onError: (error) => toast.error(errorMessage(error)),
              },
            );
          }}
        >
          <Field id="statement-start" label="From (inclusive)">
            {(control) => (
              <TextInput
                {...control}
                type="date"
                value={period.start}
                onChange={(event) => setPeriod({ ...period, start: event.target.value })}
              />
            )}
          </Field>
          <Field id="statement-end" label="To (exclusive)">
            {(control) => (
              <TextInput
                {...control}
                type="date"
                value={period.end}
                onChange={(event) => setPeriod({ ...period, end: event.target.value })}
              />
            )}
          </Field>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            Make statement
          </Button>
        </form>
        {statements.data && statements.data.length > 0 ? (
          <Table
            caption="Statements"
            columns={[
              { label: "Period" },
              { label: "Units", align: "end" },
              { label: "Net sales", align: "end" },
              { label: "Due", align: "end" },
              { label: "Paid" },
              { label: "Actions", hidden: true },
            ]}
          >
            {statements.data.map((statement) => (
              <tr key={statement.id}>
                <td className="px-4 py-2">
                  {statement.periodStart.slice(0, 10)} – {statement.periodEnd.slice(0, 10)}
                </td>
                <td className="px-4 py-2 text-right">{statement.units}</td>
                <td className="px-4 py-2 text-right">{money(statement.netSales, statement.currency)}</td>
                <td className="px-4 py-2 text-right font-medium">{money(statement.due, statement.currency)}</td>
                <td className="px-4 py-2">
                  {statement.paidAt ? (
                    <Pill tone="green">
                      Paid {statement.paidAt.slice(0, 10)} · {statement.paidReference}
                    </Pill>
                  ) : (
                    <Pill tone="amber">Unpaid</Pill>
                  )}
                </td>
                <td className="space-x-3 whitespace-nowrap px-4 py-2 text-right">
                  <a href={`/admin/promotions/collabs/statements/${statement.id}`} className="underline">
                    Print
                  </a>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      downloadCsv(collabEndpoints.statementCsv, { id: statement.id }, {}).catch((error: unknown) =>
                        toast.error(errorMessage(error)),
                      )
                    }
                  >
                    CSV
                  </Button>
                  {!statement.paidAt && (
                    <Button size="sm" onClick={() => setPaying(statement.id)}>
                      Mark paid
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        ) : (
          <p className="text-muted text-sm">{statements.isPending ? "Loading statements…" : "No statement yet."}</p>
        )}
      </div>
      <ConfirmDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        title="Mark this statement paid?"
        description="Record the payment's reference (transfer id, invoice number). This cannot be undone."
        confirmLabel="Mark paid"
        onConfirm={async () => {
          if (paying === null || !reference.trim()) {
            toast.error("Enter the payment's reference.");
            return;
          }
          await markPaid.mutateAsync({ id: paying, reference: reference.trim() });
          toast.success("Statement marked paid");
          setPaying(null);
          setReference("");
        }}
      >
        <Field id="paid-reference" label="Payment reference">
          {(control) => (
            <TextInput {...control} value={reference} onChange={(event) => setReference(event.target.value)} />
          )}
        </Field>
      </ConfirmDialog>
    </Card>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
