/** Stock Status's "In transit" card: transfers sent and not yet received, each with Receive. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { browserApi } from "../../../lib/api.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Table } from "../ui/table.tsx";
import { inventoryEndpoints, inventoryKeys, useTransfers } from "./api.ts";

export function InTransit() {
  const transfers = useTransfers();
  const client = useQueryClient();
  const receive = useMutation({
    mutationFn: (id: number) => browserApi.send(inventoryEndpoints.receiveTransfer, { params: { id } }),
    onSuccess: (received) => {
      toast.success(`${received.quantity} × ${received.sku} received in ${received.toWarehouseName}.`);
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!transfers.data || transfers.data.length === 0) return null;
  return (
    <Card labelledBy="in-transit-title">
      <CardHeader id="in-transit-title" title="In transit" description="Sent, not yet received." />
      <Table
        caption="Transfers in transit"
        columns={[
          { label: "Variant" },
          { label: "From → to" },
          { label: "Units", align: "end" },
          { label: "Actions", align: "end", hidden: true },
        ]}
      >
        {transfers.data.map((transfer) => (
          <tr key={transfer.id} data-testid="transfer-row">
            <td className="px-4 py-2">
              {transfer.productName} <span className="text-muted text-xs">{transfer.sku}</span>
            </td>
            <td className="px-4 py-2 text-sm">
              {transfer.fromWarehouseName} → {transfer.toWarehouseName}
            </td>
            <td className="px-4 py-2 text-right">{transfer.quantity}</td>
            <td className="px-4 py-2 text-right">
              <Button size="sm" onClick={() => receive.mutate(transfer.id)} disabled={receive.isPending}>
                Receive<span className="sr-only"> transfer {transfer.id}</span>
              </Button>
            </td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}
