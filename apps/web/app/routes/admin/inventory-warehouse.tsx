/**
 * /admin/inventory/warehouse (issue 14, permission Inventory): the shop's warehouses with
 * their units on hand; add one, edit it (name, code, address, priority, the delivery zones
 * it ships to, the default), deactivate it (refused while it holds stock, with what to do).
 */
import type { Warehouse, WarehouseInput } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Warehouse as WarehouseIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { formatCount } from "../../features/admin/format.ts";
import { inventoryEndpoints, inventoryKeys, useWarehouses } from "../../features/admin/inventory/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { Field, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { browserApi } from "../../lib/api.ts";

export function meta() {
  return [{ title: "Warehouse" }];
}

export default function WarehousePage() {
  const list = useWarehouses();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Warehouse | "new" | null>(null);
  const save = useMutation({
    mutationFn: (input: { id: number | null; body: WarehouseInput }) =>
      input.id === null
        ? browserApi.send(inventoryEndpoints.createWarehouse, { body: input.body })
        : browserApi.send(inventoryEndpoints.updateWarehouse, { params: { id: input.id }, body: input.body }),
    onSuccess: (saved) => {
      toast.success(`${saved.name} saved.`);
      setEditing(null);
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  function toggleActive(warehouse: Warehouse) {
    const { id, onHand: _onHand, used: _used, ...rest } = warehouse;
    if (warehouse.isActive && !window.confirm(`Deactivate ${warehouse.name}? Checkout stops taking stock from it.`)) {
      return;
    }
    save.mutate({ id, body: { ...rest, isActive: !warehouse.isActive } });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: WarehouseInput = {
      name: String(form.get("name") ?? ""),
      code: String(form.get("code") ?? ""),
      address: String(form.get("address") ?? ""),
      priority: Number(form.get("priority") ?? 100),
      isActive: editing === "new" ? true : (editing?.isActive ?? true),
      isDefault: form.get("isDefault") === "on",
      shipsToAllZones: form.get("shipsToAllZones") === "on",
      zoneIds: form.getAll("zoneIds").map(Number),
    };
    save.mutate({ id: editing === "new" || editing === null ? null : editing.id, body });
  }

  const data = list.data;
  const current = editing === "new" ? null : editing;
  return (
    <>
      <PageHeader
        title="Warehouse"
        description="Where stock is kept. Checkout takes stock from the warehouses that ship to the shopper's zone, lowest priority number first."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            Add warehouse
          </Button>
        }
      />
      <div className="space-y-4">
        {editing !== null && data ? (
          <Card labelledBy="warehouse-form-title">
            <CardHeader id="warehouse-form-title" title={current ? `Edit ${current.name}` : "Add a warehouse"} />
            <form key={current?.id ?? "new"} onSubmit={onSubmit} className="grid gap-4 p-4 sm:grid-cols-2">
              <Field id="wh-name" label="Name">
                {(control) => (
                  <TextInput {...control} name="name" required maxLength={80} defaultValue={current?.name} />
                )}
              </Field>
              <Field id="wh-code" label="Code" hint="Letters, digits, - or _; used in CSV files.">
                {(control) => (
                  <TextInput {...control} name="code" required maxLength={20} defaultValue={current?.code} />
                )}
              </Field>
              <Field id="wh-address" label="Address">
                {(control) => <TextInput {...control} name="address" maxLength={500} defaultValue={current?.address} />}
              </Field>
              <Field id="wh-priority" label="Priority" hint="Lower ships first.">
                {(control) => (
                  <TextInput
                    {...control}
                    name="priority"
                    type="number"
                    min={0}
                    max={1000}
                    defaultValue={current?.priority ?? 100}
                  />
                )}
              </Field>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="isDefault" defaultChecked={current?.isDefault ?? false} /> Default
                warehouse (stock set on a product goes here)
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="shipsToAllZones" defaultChecked={current?.shipsToAllZones ?? true} /> Ships
                to every delivery zone
              </label>
              <fieldset className="sm:col-span-2">
                <legend className="font-medium text-sm">Or only to these zones</legend>
                <div className="mt-2 flex flex-wrap gap-3">
                  {data.zones.map((zone) => (
                    <label key={zone.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="zoneIds"
                        value={zone.id}
                        defaultChecked={current?.zoneIds.includes(zone.id) ?? false}
                      />
                      {zone.name}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" variant="primary" disabled={save.isPending}>
                  Save warehouse
                </Button>
                <Button onClick={() => setEditing(null)}>Cancel</Button>
              </div>
            </form>
          </Card>
        ) : null}
        <Card>
          {list.isError && !data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : !data ? (
            <SkeletonRows rows={3} label="Loading warehouses" />
          ) : data.warehouses.length === 0 ? (
            <EmptyState icon={WarehouseIcon} title="No warehouses yet">
              Add the place you keep stock.
            </EmptyState>
          ) : (
            <Table
              caption="Warehouses by priority"
              columns={[
                { label: "Warehouse" },
                { label: "Ships to" },
                { label: "Priority", align: "end" },
                { label: "On hand", align: "end" },
                { label: "Actions", align: "end" },
              ]}
            >
              {data.warehouses.map((warehouse) => (
                <tr key={warehouse.id} data-testid="warehouse-row">
                  <td className="px-4 py-2">
                    <span className="font-medium">{warehouse.name}</span>{" "}
                    <span className="text-muted text-xs">{warehouse.code}</span>{" "}
                    {warehouse.isDefault ? <Pill tone="brand">Default</Pill> : null}{" "}
                    {warehouse.isActive ? null : <Pill tone="red">Inactive</Pill>}
                    <span className="block text-muted text-xs">{warehouse.address}</span>
                  </td>
                  <td className="px-4 py-2 text-sm">
                    {warehouse.shipsToAllZones
                      ? "Every zone"
                      : data.zones
                          .filter((zone) => warehouse.zoneIds.includes(zone.id))
                          .map((zone) => zone.name)
                          .join(", ")}
                  </td>
                  <td className="px-4 py-2 text-right">{warehouse.priority}</td>
                  <td className="px-4 py-2 text-right">{formatCount(warehouse.onHand)}</td>
                  <td className="space-x-2 whitespace-nowrap px-4 py-2 text-right">
                    <Button size="sm" onClick={() => setEditing(warehouse)}>
                      Edit<span className="sr-only"> {warehouse.name}</span>
                    </Button>
                    {warehouse.isDefault ? null : (
                      <Button size="sm" onClick={() => toggleActive(warehouse)}>
                        {warehouse.isActive ? "Deactivate" : "Activate"}
                        <span className="sr-only"> {warehouse.name}</span>
                      </Button>
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

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
