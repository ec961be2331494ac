/**
 * The Stock Status row's Adjust dialog body (issue 14): the variant's levels per warehouse,
 * an adjustment (received, damaged, lost, correction; sent with the level's version so a
 * concurrent change is refused, never lost), a transfer between warehouses, and the
 * incoming quantity of a warehouse with its expected date.
 */
import { adjustmentReasonLabels, adjustmentReasons, type StockRow } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { toast } from "sonner";
import { browserApi } from "../../../lib/api.ts";
import { FilterField } from "../list/list-parts.tsx";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Select, TextInput } from "../ui/fields.tsx";
import { Table } from "../ui/table.tsx";
import { inventoryEndpoints, inventoryKeys } from "./api.ts";

/** A select of the active warehouses, by name. */
function WarehouseSelect(props: {
  id: string;
  name: string;
  defaultValue?: number | undefined;
  warehouses: readonly { id: number; name: string }[];
}) {
  return (
    <Select id={props.id} name={props.name} defaultValue={props.defaultValue} className="w-full">
      {props.warehouses.map((w) => (
        <option key={w.id} value={w.id}>
          {w.name}
        </option>
      ))}
    </Select>
  );
}

export function AdjustForm(props: { row: StockRow; warehouses: { id: number; name: string }[]; onDone: () => void }) {
  const client = useQueryClient();
  const adjust = useMutation({
    mutationFn: (body: Parameters<typeof browserApi.send<typeof inventoryEndpoints.adjust>>[1]) =>
      browserApi.send(inventoryEndpoints.adjust, body),
    onSuccess: () => {
      toast.success(`Stock of ${props.row.sku} adjusted.`);
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
      props.onDone();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const transfer = useMutation({
    mutationFn: (body: { variantId: number; fromWarehouseId: number; toWarehouseId: number; quantity: number }) =>
      browserApi.send(inventoryEndpoints.createTransfer, { body }),
    onSuccess: (sent) => {
      toast.success(`${sent.quantity} × ${sent.sku} sent to ${sent.toWarehouseName}.`);
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
      props.onDone();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const incoming = useMutation({
    mutationFn: (body: { variantId: number; warehouseId: number; incoming: number; expectedOn: string | null }) =>
      browserApi.send(inventoryEndpoints.incoming, { body }),
    onSuccess: (answer) => {
      toast.success(
        answer.level.incoming > 0
          ? `${answer.level.incoming} × ${props.row.sku} expected${answer.level.incomingExpectedOn ? ` by ${answer.level.incomingExpectedOn}` : ""}.`
          : `Nothing incoming for ${props.row.sku}.`,
      );
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
      props.onDone();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const firstLevel = props.row.levels.find((level) => level.warehouseId === props.warehouses[0]?.id);
  function onIncoming(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expectedOn = String(form.get("expectedOn") ?? "");
    incoming.mutate({
      variantId: props.row.variantId,
      warehouseId: Number(form.get("warehouseId")),
      incoming: Number(form.get("incoming")),
      expectedOn: expectedOn || null,
    });
  }
  function onAdjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const warehouseId = Number(form.get("warehouseId"));
    const level = props.row.levels.find((candidate) => candidate.warehouseId === warehouseId);
    adjust.mutate({
      body: {
        variantId: props.row.variantId,
        warehouseId,
        change: Number(form.get("change")),
        reason: String(form.get("reason")) as (typeof adjustmentReasons)[number],
        note: String(form.get("note") ?? ""),
        version: level?.version ?? 0,
      },
    });
  }
  function onTransfer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    transfer.mutate({
      variantId: props.row.variantId,
      fromWarehouseId: Number(form.get("from")),
      toWarehouseId: Number(form.get("to")),
      quantity: Number(form.get("quantity")),
    });
  }
  const section = "space-y-3 rounded-lg border border-line p-4";
  return (
    <div className="space-y-4">
      <Table
        caption={`Levels of ${props.row.sku} per warehouse`}
        columns={[
          { label: "Warehouse" },
          { label: "On hand", align: "end" },
          { label: "Held", align: "end" },
          { label: "Available", align: "end" },
          { label: "Incoming", align: "end" },
        ]}
      >
        {props.warehouses.map((w) => {
          const level = props.row.levels.find((candidate) => candidate.warehouseId === w.id);
          return (
            <tr key={w.id}>
              <td className="px-4 py-1.5 text-sm">{w.name}</td>
              <td className="px-4 py-1.5 text-right tabular-nums">{level?.onHand ?? 0}</td>
              <td className="px-4 py-1.5 text-right tabular-nums">{level?.reserved ?? 0}</td>
              <td className="px-4 py-1.5 text-right tabular-nums">{level?.available ?? 0}</td>
              <td className="px-4 py-1.5 text-right tabular-nums">
                {level?.incoming
                  ? `${level.incoming}${level.incomingExpectedOn ? ` by ${level.incomingExpectedOn}` : ""}`
                  : "—"}
              </td>
            </tr>
          );
        })}
      </Table>
      <form onSubmit={onAdjust} aria-label={`Adjust ${props.row.sku}`} className={section}>
        <h3 className="font-semibold text-sm">Adjust</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <FilterField id={`adjust-1-${props.row.variantId}`} label="Warehouse">
            <WarehouseSelect id={`adjust-1-${props.row.variantId}`} name="warehouseId" warehouses={props.warehouses} />
          </FilterField>
          <FilterField id={`adjust-2-${props.row.variantId}`} label="Change">
            <TextInput
              id={`adjust-2-${props.row.variantId}`}
              name="change"
              type="number"
              required
              step={1}
              placeholder="+12 or -3"
            />
          </FilterField>
          <FilterField id={`adjust-3-${props.row.variantId}`} label="Reason">
            <Select id={`adjust-3-${props.row.variantId}`} name="reason" className="w-full">
              {adjustmentReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {adjustmentReasonLabels[reason]}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id={`adjust-4-${props.row.variantId}`} label="Note">
            <TextInput id={`adjust-4-${props.row.variantId}`} name="note" maxLength={200} />
          </FilterField>
        </div>
        <Button type="submit" variant="primary" disabled={adjust.isPending}>
          Adjust
        </Button>
      </form>
      <form onSubmit={onTransfer} aria-label={`Transfer ${props.row.sku}`} className={section}>
        <h3 className="font-semibold text-sm">Transfer</h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <FilterField id={`adjust-5-${props.row.variantId}`} label="From">
            <WarehouseSelect id={`adjust-5-${props.row.variantId}`} name="from" warehouses={props.warehouses} />
          </FilterField>
          <FilterField id={`adjust-6-${props.row.variantId}`} label="To">
            <WarehouseSelect
              id={`adjust-6-${props.row.variantId}`}
              name="to"
              defaultValue={props.warehouses[1]?.id}
              warehouses={props.warehouses}
            />
          </FilterField>
          <FilterField id={`adjust-7-${props.row.variantId}`} label="Units">
            <TextInput id={`adjust-7-${props.row.variantId}`} name="quantity" type="number" min={1} required />
          </FilterField>
        </div>
        <p className="text-muted text-xs">The units leave at once and arrive when the transfer is received.</p>
        <Button type="submit" disabled={transfer.isPending}>
          Send transfer
        </Button>
      </form>
      <form onSubmit={onIncoming} aria-label={`Incoming ${props.row.sku}`} className={section}>
        <h3 className="font-semibold text-sm">Incoming</h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <FilterField id={`incoming-1-${props.row.variantId}`} label="Expected in">
            <WarehouseSelect
              id={`incoming-1-${props.row.variantId}`}
              name="warehouseId"
              warehouses={props.warehouses}
            />
          </FilterField>
          <FilterField id={`incoming-2-${props.row.variantId}`} label="Incoming units">
            <TextInput
              id={`incoming-2-${props.row.variantId}`}
              name="incoming"
              type="number"
              min={0}
              required
              defaultValue={firstLevel?.incoming ?? 0}
            />
          </FilterField>
          <FilterField id={`incoming-3-${props.row.variantId}`} label="Expected on">
            <TextInput
              id={`incoming-3-${props.row.variantId}`}
              name="expectedOn"
              type="date"
              defaultValue={firstLevel?.incomingExpectedOn ?? ""}
            />
          </FilterField>
        </div>
        <Button type="submit" disabled={incoming.isPending}>
          Save incoming
        </Button>
      </form>
    </div>
  );
}
