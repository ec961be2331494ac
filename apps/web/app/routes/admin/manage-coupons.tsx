/**
 * /admin/promotions/manage-coupons: every coupon and automatic discount with search,
 * status filter (active, scheduled, expired, disabled, used up), sort and pages in the
 * URL; enable/disable, edit, duplicate, codes (bulk generation, CSV) and delete (only
 * while never used; the server says so otherwise).
 */
import { type Coupon, type CouponListQuery, couponSorts, couponStatuses, couponStatusLabels } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Copy, KeyRound, Pencil, Plus, TicketPercent, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatDateTime } from "../../features/admin/format.ts";
import { ExportCsvButton, FilterActions, FilterField, ListStates } from "../../features/admin/list/list-parts.tsx";
import { Pager } from "../../features/admin/list/pager.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import {
  couponActions,
  couponEndpoints,
  couponKeys,
  useCodes,
  useCouponList,
} from "../../features/admin/promotions/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button, buttonClass } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Checkbox } from "../../features/admin/ui/checkbox.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Dialog, DialogBody, DialogFooter } from "../../features/admin/ui/dialog.tsx";
import { Field, Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill, type PillTone, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { ApiError } from "../../lib/api.ts";

const sortLabels: Record<(typeof couponSorts)[number], string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  title: "Title A–Z",
  ends: "Ending soonest",
  used: "Most used",
};

const statusTones: Record<Coupon["status"], PillTone> = {
  active: "green",
  scheduled: "amber",
  expired: "neutral",
  disabled: "neutral",
  used_up: "red",
};

export function meta() {
  return [{ title: "Manage Coupons" }];
}

export default function ManageCoupons() {
  const queryClient = useQueryClient();
  const list_ = useListState(["q", "status", "sort"] as const);
  const { page, submit, setPage, key } = list_;
  const filter = { q: list_.filter.q ?? "", status: list_.filter.status ?? "", sort: list_.filter.sort ?? "newest" };
  const query = { ...filter, page, pageSize: 20 } as CouponListQuery;
  const list = useCouponList(query);
  const [busy, setBusy] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const [codesOf, setCodesOf] = useState<Coupon | null>(null);

  async function act(coupon: Coupon, work: () => Promise<unknown>, done: string) {
    setBusy(coupon.id);
    try {
      await work();
      toast.success(done);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.message.includes("changed")) {
        toast.error(error.message, { action: { label: "Reload", onClick: () => void list.refetch() } });
      } else toast.error(errorMessage(error));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
    }
  }

  const data = list.data;
  return (
    <>
      <PageHeader
        title="Manage coupons"
        description={
          data
            ? `${data.total} coupon${data.total === 1 ? "" : "s"} and automatic discounts`
            : "Coupons and automatic discounts."
        }
        actions={
          <Link to={adminPaths.createCoupon()} className={buttonClass("primary")}>
            <Plus aria-hidden className="size-4" /> Create coupon
          </Link>
        }
      />
      <div className="space-y-4">
        <Card>
          <form
            key={key}
            onSubmit={submit}
            className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_1fr_1fr_auto]"
            aria-label="Find coupons"
          >
            <FilterField id="c-search" label="Search">
              <TextInput id="c-search" name="q" defaultValue={filter.q} placeholder="Title or code" />
            </FilterField>
            <FilterField id="c-status" label="Status">
              <Select id="c-status" name="status" defaultValue={filter.status} className="w-full">
                <option value="">Any status</option>
                {couponStatuses.map((status) => (
                  <option key={status} value={status}>
                    {couponStatusLabels[status]}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="c-sort" label="Sort">
              <Select id="c-sort" name="sort" defaultValue={filter.sort} className="w-full">
                {couponSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {sortLabels[sort]}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterActions clearTo={adminPaths.manageCoupons()} />
          </form>
        </Card>

        <Card>
          <ListStates
            onPage={setPage}
            query={list}
            loadingLabel="Loading coupons"
            empty={{
              icon: TicketPercent,
              title: filter.q || filter.status ? "No coupons match" : "No coupons yet",
              body:
                filter.q || filter.status ? (
                  "Try other filters, or clear them."
                ) : (
                  <Link to={adminPaths.createCoupon()} className="underline">
                    Create the first coupon
                  </Link>
                ),
            }}
          >
            {(data) => (
              <>
                <Table
                  caption="Coupons"
                  columns={[
                    { label: "Coupon" },
                    { label: "Status" },
                    { label: "Used" },
                    { label: "Valid" },
                    { label: "Actions", hidden: true },
                  ]}
                >
                  {data.items.map((coupon) => (
                    <tr key={coupon.id} className="align-top" data-testid="coupon-row">
                      <td className="min-w-64 px-4 py-3">
                        <span className="font-medium">{coupon.title}</span>
                        <span className="ml-2 font-mono text-xs">{coupon.code ?? "Automatic"}</span>
                        {coupon.extraCodes > 0 ? (
                          <span className="ml-1 text-muted text-xs">+{coupon.extraCodes} codes</span>
                        ) : null}
                        <span className="mt-0.5 block max-w-md text-muted text-xs">{coupon.summary}</span>
                      </td>
                      <td className="px-4 py-3">
                        <Pill tone={statusTones[coupon.status]}>{couponStatusLabels[coupon.status]}</Pill>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                        {coupon.used}
                        {coupon.usageLimit !== null ? ` / ${coupon.usageLimit}` : ""}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-xs">
                        {coupon.startsAt ? formatDateTime(coupon.startsAt) : "Now"} →{" "}
                        {coupon.endsAt ? formatDateTime(coupon.endsAt) : "no end"}
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex flex-wrap justify-end gap-1">
                          <Button
                            size="sm"
                            disabled={busy === coupon.id}
                            onClick={() =>
                              void act(
                                coupon,
                                () => couponActions.setActive(coupon.id, !coupon.isActive, coupon.version),
                                `${coupon.isActive ? "Disabled" : "Enabled"} “${coupon.title}”`,
                              )
                            }
                          >
                            {coupon.isActive ? "Disable" : "Enable"}
                          </Button>
                          <Link
                            to={`${adminPaths.createCoupon()}?edit=${coupon.id}`}
                            className={buttonClass("secondary", "sm")}
                            aria-label={`Edit ${coupon.title}`}
                          >
                            <Pencil aria-hidden className="size-3.5" /> Edit
                          </Link>
                          <Button
                            size="sm"
                            disabled={busy === coupon.id}
                            aria-label={`Duplicate ${coupon.title}`}
                            onClick={() =>
                              void act(
                                coupon,
                                () => couponActions.duplicate(coupon.id),
                                `Copied “${coupon.title}” (disabled)`,
                              )
                            }
                          >
                            <Copy aria-hidden className="size-3.5" /> Duplicate
                          </Button>
                          {coupon.method === "code" ? (
                            <Button
                              size="sm"
                              aria-label={`Codes of ${coupon.title}`}
                              onClick={() => setCodesOf(coupon)}
                            >
                              <KeyRound aria-hidden className="size-3.5" /> Codes
                            </Button>
                          ) : null}
                          <Button
                            size="sm"
                            variant="dangerOutline"
                            aria-label={`Delete ${coupon.title}`}
                            disabled={coupon.used > 0}
                            title={coupon.used > 0 ? "Used in orders: disable it instead" : undefined}
                            onClick={() => setDeleting(coupon)}
                          >
                            <Trash2 aria-hidden className="size-3.5" />
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </Table>
              </>
            )}
          </ListStates>
        </Card>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete “${deleting?.title ?? ""}”?`}
        description="The coupon and all its codes are deleted. Shoppers typing them are told the code is not valid. This cannot be undone."
        confirmLabel="Delete coupon"
        pending={busy === deleting?.id}
        onConfirm={() => {
          const coupon = deleting;
          if (coupon)
            void act(coupon, () => couponActions.remove(coupon.id), `Deleted “${coupon.title}”`).then(() =>
              setDeleting(null),
            );
        }}
      />
      {codesOf ? <CodesDialog coupon={codesOf} onClose={() => setCodesOf(null)} /> : null}
    </>
  );
}

function CodesDialog({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const codes = useCodes(coupon.id, page, true);
  const [count, setCount] = useState("100");
  const [prefix, setPrefix] = useState("");
  const [singleUse, setSingleUse] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      const answer = await couponActions.generate(coupon.id, {
        count: /^\d+$/.test(count.trim()) ? Number(count) : Number.NaN,
        prefix,
        usageLimit: singleUse ? 1 : null,
      });
      toast.success(`Generated ${answer.created} codes`);
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
    } catch (error) {
      setErrors((error instanceof ApiError ? error.body?.error.fields : undefined) ?? {});
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Codes of “${coupon.title}”`}
      description="Unique codes that all give this coupon's discount, e.g. single-use codes for an influencer."
      wide
    >
      <DialogBody>
        <form
          onSubmit={(event) => void generate(event)}
          className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto]"
          aria-label="Generate codes"
        >
          <Field id="codes-count" label="How many" error={errors.count}>
            {(control) => (
              <TextInput
                {...control}
                inputMode="numeric"
                value={count}
                onChange={(event) => setCount(event.target.value)}
              />
            )}
          </Field>
          <Field id="codes-prefix" label="Prefix" hint="Optional, e.g. ANNA-" error={errors.prefix}>
            {(control) => (
              <TextInput
                {...control}
                value={prefix}
                onChange={(event) => setPrefix(event.target.value)}
                className="font-mono uppercase"
              />
            )}
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary" disabled={pending}>
              {pending ? "Generating…" : "Generate"}
            </Button>
          </div>
          <div className="sm:col-span-3">
            <Checkbox
              id="codes-single"
              checked={singleUse}
              onCheckedChange={setSingleUse}
              label="Each code can be used once"
            />
          </div>
        </form>
        <div className="mt-4">
          {codes.isError ? (
            <QueryError error={codes.error} onRetry={() => void codes.refetch()} />
          ) : !codes.data ? (
            <SkeletonRows rows={4} label="Loading codes" />
          ) : codes.data.items.length === 0 ? (
            <p className="text-muted text-sm">No generated codes yet.</p>
          ) : (
            <>
              <Table caption="Generated codes" columns={[{ label: "Code" }, { label: "Used", align: "end" }]}>
                {codes.data.items.map((row) => (
                  <tr key={row.id}>
                    <td className="px-4 py-1.5 font-mono text-xs">{row.code}</td>
                    <td className="px-4 py-1.5 text-right tabular-nums">
                      {row.used}
                      {row.usageLimit !== null ? ` / ${row.usageLimit}` : ""}
                    </td>
                  </tr>
                ))}
              </Table>
              <Pager
                page={codes.data.page}
                pageSize={codes.data.pageSize}
                total={codes.data.total}
                pageCount={codes.data.pageCount}
                onPage={setPage}
              />
            </>
          )}
        </div>
      </DialogBody>
      <DialogFooter>
        <ExportCsvButton endpoint={couponEndpoints.codesExport} params={{ id: coupon.id }} query={{}} />
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
