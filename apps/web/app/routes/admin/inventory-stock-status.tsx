/**
 * /admin/inventory/stock-status (issue 14, permission Inventory): every variant with on
 * hand, reserved and available per warehouse; search, filters (category, series, type,
 * warehouse, in stock / low / out), sort and page in the URL (the shared admin list); a
 * row's Adjust dialog (features/admin/inventory/adjust-form.tsx); transfers in transit;
 * CSV export of the filter on screen; a link to the stock count.
 */
import type { StockQuery } from "@atelier/contract";
import { Boxes, ClipboardList } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatCount } from "../../features/admin/format.ts";
import { AdjustForm } from "../../features/admin/inventory/adjust-form.tsx";
import { inventoryEndpoints, useStock } from "../../features/admin/inventory/api.ts";
import { InTransit } from "../../features/admin/inventory/in-transit.tsx";
import { ExportCsvButton, FilterActions, FilterField, ListStates } from "../../features/admin/list/list-parts.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import { Button, buttonClass } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Dialog, DialogBody } from "../../features/admin/ui/dialog.tsx";
import { Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

const filterKeys = ["q", "warehouseId", "state", "sort", "categoryId", "seriesId", "productTypeId"] as const;

export function meta() {
  return [{ title: "Stock Status" }];
}

const stateTone = { in: "green", low: "amber", out: "red" } as const;
const stateLabel = { in: "In stock", low: "Low", out: "Out" } as const;

/** A filter's select of named choices, "All …" first. */
function ChoiceFilter(props: {
  name: (typeof filterKeys)[number];
  label: string;
  all: string;
  value: string | undefined;
  choices: readonly { id: number; name: string }[] | undefined;
}) {
  const id = `stock-filter-${props.name}`;
  return (
    <FilterField id={id} label={props.label}>
      <Select id={id} name={props.name} defaultValue={props.value ?? ""} className="w-full">
        <option value="">{props.all}</option>
        {props.choices?.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}

export default function StockStatus() {
  const list = useListState(filterKeys);
  const { filter } = list;
  const stock = useStock({ ...filter, page: list.page, pageSize: 25 } as StockQuery);
  const [open, setOpen] = useState<number | null>(null);

  const data = stock.data;
  const warehouses = data?.warehouses.filter((w) => w.isActive) ?? [];
  const adjusting = open === null ? undefined : data?.items.find((row) => row.variantId === open);
  return (
    <>
      <PageHeader
        title="Stock Status"
        description="On hand, held for card payments and available, per warehouse. Every change is kept in each variant's history."
        actions={
          <>
            <Link to={adminPaths.stockCount()} className={buttonClass()}>
              <ClipboardList className="size-4" aria-hidden /> Stock count
            </Link>
            <ExportCsvButton endpoint={inventoryEndpoints.stockExport} query={filter} label="Download CSV" />
          </>
        }
      />
      <div className="space-y-4">
        <Card>
          <form
            // The selects' choices come with the first page: the form mounts again once
            // they are there, so an address's filter shows selected after a reload.
            key={`${list.key}:${data ? "ready" : "loading"}`}
            onSubmit={list.submit}
            className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4"
            aria-label="Filter the stock"
          >
            <FilterField id="stock-filter-search" label="Search" className="sm:col-span-2">
              <TextInput
                id="stock-filter-search"
                name="q"
                type="search"
                defaultValue={filter.q ?? ""}
                placeholder="Product or SKU"
              />
            </FilterField>
            <ChoiceFilter
              name="warehouseId"
              label="Warehouse"
              all="All warehouses"
              value={filter.warehouseId}
              choices={data?.warehouses}
            />
            <FilterField id="stock-filter-state" label="Stock">
              <Select id="stock-filter-state" name="state" defaultValue={filter.state ?? ""} className="w-full">
                <option value="">Any</option>
                <option value="in">In stock</option>
                <option value="low">Low</option>
                <option value="out">Out of stock</option>
              </Select>
            </FilterField>
            {(
              [
                ["categoryId", "Category", "All categories", data?.filters.categories],
                ["seriesId", "Series", "All series", data?.filters.series],
                ["productTypeId", "Product type", "All types", data?.filters.productTypes],
              ] as const
            ).map(([name, label, all, choices]) => (
              <ChoiceFilter key={name} name={name} label={label} all={all} value={filter[name]} choices={choices} />
            ))}
            <FilterField id="stock-filter-sort" label="Sort">
              <Select id="stock-filter-sort" name="sort" defaultValue={filter.sort ?? "name"} className="w-full">
                <option value="name">Product name</option>
                <option value="sku">SKU</option>
                <option value="available-asc">Available, fewest first</option>
                <option value="available-desc">Available, most first</option>
                <option value="on-hand-desc">On hand, most first</option>
              </Select>
            </FilterField>
            <FilterActions clearTo={adminPaths.stockStatus()} className="sm:col-span-2 lg:col-span-4" />
          </form>
        </Card>
        <InTransit />
        <Card>
          <ListStates
            query={stock}
            loadingLabel="Loading stock"
            rows={8}
            empty={{ icon: Boxes, title: "No variants match", body: "Try other filters, or clear them." }}
            onPage={list.setPage}
          >
            {(page) => (
              <Table
                caption="Stock per variant"
                columns={[
                  { label: "Variant" },
                  ...page.warehouses.map((w) => ({
                    label: `${w.code} on hand / held / available`,
                    align: "end" as const,
                  })),
                  { label: "Available", align: "end" },
                  { label: "Incoming", align: "end" },
                  { label: "Actions", align: "end" },
                ]}
              >
                {page.items.map((row) => (
                  <tr key={row.variantId} data-testid="stock-row" className="align-top">
                    <td className="px-4 py-2">
                      <Link to={`${adminPaths.stockStatus()}/${row.variantId}`} className="font-medium underline">
                        {row.productName}
                      </Link>
                      <span className="block text-muted text-xs">
                        {row.sku} · {row.sizeName} / {row.colorName}
                      </span>
                    </td>
                    {page.warehouses.map((w) => {
                      const level = row.levels.find((candidate) => candidate.warehouseId === w.id);
                      return (
                        <td key={w.id} className="whitespace-nowrap px-4 py-2 text-right text-sm tabular-nums">
                          {level ? `${level.onHand} / ${level.reserved} / ${level.available}` : "—"}
                        </td>
                      );
                    })}
                    <td className="px-4 py-2 text-right">
                      <span className="tabular-nums">{formatCount(row.available)}</span>{" "}
                      <Pill tone={stateTone[row.state]}>{stateLabel[row.state]}</Pill>
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{row.incoming || "—"}</td>
                    <td className="px-4 py-2 text-right">
                      <Button size="sm" aria-haspopup="dialog" onClick={() => setOpen(row.variantId)}>
                        Adjust<span className="sr-only"> {row.sku}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </Table>
            )}
          </ListStates>
        </Card>
      </div>
      <Dialog
        open={adjusting !== undefined}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        title={adjusting ? `Stock of ${adjusting.productName}` : "Stock"}
        description={adjusting ? `${adjusting.sku} · ${adjusting.sizeName} / ${adjusting.colorName}` : undefined}
        wide
      >
        <DialogBody>
          {adjusting ? <AdjustForm row={adjusting} warehouses={warehouses} onDone={() => setOpen(null)} /> : null}
        </DialogBody>
      </Dialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
