/**
 * /admin/inventory/low-stock (issue 14, permission Inventory): variants at or under their
 * threshold (the variant's, its product's or the store default), with days of cover at the
 * last 30 days' rate of sales and a suggested reorder quantity. Each row's threshold can be
 * set for the variant or its whole product (or cleared, so the next level up applies), and
 * the inventory settings live here: the store default, the storefront's "Only N left"
 * limit and how many days of sales a reorder should cover. Staff with this permission get
 * the list by mail every morning (07:00 UTC).
 */
import type { InventorySettings, LowStockRow } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  inventoryEndpoints,
  inventoryKeys,
  useInventorySettings,
  useLowStock,
} from "../../features/admin/inventory/api.ts";
import { Pager } from "../../features/admin/list/pager.tsx";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { Dialog, DialogBody } from "../../features/admin/ui/dialog.tsx";
import { Field, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { browserApi } from "../../lib/api.ts";

export function meta() {
  return [{ title: "Low Stock" }];
}

function SettingsCard() {
  const current = useInventorySettings();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: InventorySettings) => browserApi.send(inventoryEndpoints.saveSettings, { body }),
    onSuccess: () => {
      toast.success("Inventory settings saved.");
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({
      lowStockDefault: Number(form.get("lowStockDefault")),
      onlyLeftBelow: Number(form.get("onlyLeftBelow")),
      reorderCoverDays: Number(form.get("reorderCoverDays")),
    });
  }
  return (
    <Card labelledBy="stock-settings-title">
      <CardHeader
        id="stock-settings-title"
        title="Settings"
        description="The thresholds that apply where a variant or its product has none of its own."
      />
      {current.isError && !current.data ? (
        <QueryError error={current.error} onRetry={() => void current.refetch()} />
      ) : !current.data ? (
        <SkeletonRows rows={2} label="Loading the settings" />
      ) : (
        <form
          key={JSON.stringify(current.data)}
          onSubmit={onSubmit}
          className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4"
          aria-label="Inventory settings"
        >
          <Field id="set-low" label="Low stock at (store default)" hint="Units available, or fewer.">
            {(control) => (
              <TextInput
                {...control}
                name="lowStockDefault"
                type="number"
                min={0}
                required
                defaultValue={current.data.lowStockDefault}
              />
            )}
          </Field>
          <Field id="set-only-left" label={`Storefront says "Only N left" at`} hint="Units or fewer; 0 never says it.">
            {(control) => (
              <TextInput
                {...control}
                name="onlyLeftBelow"
                type="number"
                min={0}
                required
                defaultValue={current.data.onlyLeftBelow}
              />
            )}
          </Field>
          <Field id="set-cover" label="A reorder covers (days)" hint="Of sales at the last 30 days' rate.">
            {(control) => (
              <TextInput
                {...control}
                name="reorderCoverDays"
                type="number"
                min={1}
                required
                defaultValue={current.data.reorderCoverDays}
              />
            )}
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              Save settings
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function ThresholdForm({ row, onDone }: { row: LowStockRow; onDone: () => void }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { variantId?: number; productId?: number; threshold: number | null }) =>
      browserApi.send(inventoryEndpoints.setThreshold, { body }),
    onSuccess: (_answer, body) => {
      toast.success(
        body.threshold === null
          ? "Threshold cleared: the next level up applies."
          : `Threshold of ${body.variantId ? row.sku : row.productName} set to ${body.threshold}.`,
      );
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const [units, setUnits] = useState(String(row.threshold));
  const threshold = units.trim() === "" ? null : Number(units);
  return (
    <div className="space-y-4">
      <Field id={`threshold-${row.variantId}`} label="Low at (units available, or fewer)">
        {(control) => (
          <TextInput
            {...control}
            type="number"
            min={0}
            value={units}
            className="max-w-32"
            onChange={(event) => setUnits(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          disabled={save.isPending || threshold === null}
          onClick={() => save.mutate({ variantId: row.variantId, threshold })}
        >
          For this variant
        </Button>
        <Button
          disabled={save.isPending || threshold === null}
          onClick={() => save.mutate({ productId: row.productId, threshold })}
        >
          For every variant of the product
        </Button>
        {row.thresholdSource !== "store" ? (
          <Button
            variant="ghost"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                row.thresholdSource === "variant"
                  ? { variantId: row.variantId, threshold: null }
                  : { productId: row.productId, threshold: null },
              )
            }
          >
            Clear the {row.thresholdSource}'s threshold
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export default function LowStock() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page") ?? "1") || 1;
  const low = useLowStock(page);
  const data = low.data;
  const [open, setOpen] = useState<number | null>(null);
  const editing = open === null ? undefined : data?.items.find((row) => row.variantId === open);
  return (
    <>
      <PageHeader
        title="Low Stock"
        description="Variants at or under their low-stock threshold, with how long they last at the recent rate of sales."
      />
      <div className="space-y-4">
        <SettingsCard />
        <Card>
          {low.isError && !data ? (
            <QueryError error={low.error} onRetry={() => void low.refetch()} />
          ) : !data ? (
            <SkeletonRows rows={8} label="Loading low stock" />
          ) : data.items.length === 0 ? (
            <EmptyState icon={TriangleAlert} title="Nothing is running low">
              Every variant is above its threshold.
            </EmptyState>
          ) : (
            <>
              <Table
                caption="Variants running low, fewest available first"
                columns={[
                  { label: "Variant" },
                  { label: "Available", align: "end" },
                  { label: "Threshold", align: "end" },
                  { label: "Sold (30 days)", align: "end" },
                  { label: "Days of cover", align: "end" },
                  { label: "Incoming", align: "end" },
                  { label: "Reorder", align: "end" },
                  { label: "Actions", align: "end" },
                ]}
              >
                {data.items.flatMap((row) => [
                  <tr key={row.variantId} data-testid="low-stock-row">
                    <td className="px-4 py-2">
                      <Link to={`${adminPaths.stockStatus()}/${row.variantId}`} className="font-medium underline">
                        {row.productName}
                      </Link>
                      <span className="block text-muted text-xs">
                        {row.sku} · {row.sizeName} / {row.colorName}
                      </span>
                    </td>
                    <td className="px-4 py-2 text-right">
                      {row.available === 0 ? <Pill tone="red">Out</Pill> : row.available}
                    </td>
                    <td className="px-4 py-2 text-right">
                      {row.threshold} <span className="text-muted text-xs">({row.thresholdSource})</span>
                    </td>
                    <td className="px-4 py-2 text-right">{row.soldLast30Days}</td>
                    <td className="px-4 py-2 text-right">{row.daysOfCover ?? "—"}</td>
                    <td className="px-4 py-2 text-right">{row.incoming || "—"}</td>
                    <td className="px-4 py-2 text-right font-medium">{row.suggestedReorder}</td>
                    <td className="px-4 py-2 text-right">
                      <Button
                        size="sm"
                        aria-expanded={open === row.variantId}
                        onClick={() => setOpen(open === row.variantId ? null : row.variantId)}
                      >
                        Threshold<span className="sr-only"> of {row.sku}</span>
                      </Button>
                    </td>
                  </tr>,
                ])}
              </Table>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                pageCount={data.pageCount}
                onPage={(next) => setParams({ page: String(next) }, { preventScrollReset: true })}
              />
            </>
          )}
        </Card>
      </div>
      <Dialog
        open={editing !== undefined}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        title={editing ? `Low-stock threshold of ${editing.productName}` : "Low-stock threshold"}
        description={
          editing
            ? `${editing.sku} · ${editing.sizeName} / ${editing.colorName}. Now ${editing.threshold}, from the ${editing.thresholdSource}.`
            : undefined
        }
      >
        <DialogBody>{editing ? <ThresholdForm row={editing} onDone={() => setOpen(null)} /> : null}</DialogBody>
      </Dialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
