/**
 * /admin/inventory/stock-count (issue 14, permission Inventory): a stock count of one
 * warehouse, typed in (SKU and counted units per line) or imported from a CSV file
 * (columns sku, counted). Either way "Check" is a dry run that reports each line (the
 * expected and counted units, the difference, or what is wrong: unknown SKU, negative or
 * fractional count, a SKU counted twice); only a count without errors can be posted, after
 * a confirmation, and then each difference becomes a ledger row.
 */
import type { CountReport } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClipboardList, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { inventoryEndpoints, inventoryKeys, useWarehouses } from "../../features/admin/inventory/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Field, Select, TextArea, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { browserApi } from "../../lib/api.ts";

export function meta() {
  return [{ title: "Stock count" }];
}

type Source = "typed" | "csv";
interface Line {
  key: number;
  sku: string;
  counted: string;
}

let nextKey = 1;
const blankLine = (): Line => ({ key: nextKey++, sku: "", counted: "" });

function Report({ report }: { report: CountReport }) {
  const changed = report.lines.filter((line) => line.difference !== null && line.difference !== 0).length;
  return (
    <div data-testid="count-report">
      <p className="px-4 pt-4 text-sm" role="status">
        {report.posted
          ? `Posted: ${changed} ${changed === 1 ? "level" : "levels"} changed.`
          : report.errors > 0
            ? `${report.errors} ${report.errors === 1 ? "line needs" : "lines need"} fixing; nothing was posted.`
            : `Dry run: ${changed} ${changed === 1 ? "level" : "levels"} would change. Nothing was posted yet.`}
      </p>
      <Table
        caption="The count, line by line"
        columns={[
          { label: "Line", align: "end" },
          { label: "SKU" },
          { label: "Counted", align: "end" },
          { label: "Expected", align: "end" },
          { label: "Difference", align: "end" },
          { label: "Problem" },
        ]}
      >
        {report.lines.map((line) => (
          <tr key={line.line} data-testid="count-line">
            <td className="px-4 py-2 text-right tabular-nums">{line.line}</td>
            <td className="px-4 py-2 font-mono text-xs">{line.sku || "—"}</td>
            <td className="px-4 py-2 text-right tabular-nums">{line.counted ?? "—"}</td>
            <td className="px-4 py-2 text-right tabular-nums">{line.expected ?? "—"}</td>
            <td className="px-4 py-2 text-right tabular-nums">
              {line.difference === null ? "—" : line.difference > 0 ? `+${line.difference}` : line.difference}
            </td>
            <td className="px-4 py-2 text-red-800 text-sm">{line.error ?? ""}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

export default function StockCount() {
  const list = useWarehouses();
  const client = useQueryClient();
  const [source, setSource] = useState<Source>("typed");
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [lines, setLines] = useState<Line[]>(() => [blankLine(), blankLine(), blankLine()]);
  const [note, setNote] = useState("");
  const [csv, setCsv] = useState("");
  const [report, setReport] = useState<CountReport | null>(null);
  const [confirming, setConfirming] = useState(false);

  const active = list.data?.warehouses.filter((w) => w.isActive) ?? [];
  const chosen = warehouseId ?? active[0]?.id ?? null;
  const typed = lines.filter((line) => line.sku.trim() !== "" || line.counted.trim() !== "");

  const run = useMutation({
    mutationFn: async (dryRun: boolean): Promise<CountReport> => {
      if (chosen === null) throw new Error("Choose a warehouse.");
      if (source === "csv") {
        return browserApi.send(inventoryEndpoints.countImport, { body: { warehouseId: chosen, csv, dryRun } });
      }
      return browserApi.send(inventoryEndpoints.count, {
        body: {
          warehouseId: chosen,
          note,
          dryRun,
          lines: typed.map((line) => ({ sku: line.sku.trim(), counted: Number(line.counted) })),
        },
      });
    },
    onSuccess: (answer) => {
      setReport(answer);
      setConfirming(false);
      if (answer.posted) {
        toast.success("Stock count posted.");
        void client.invalidateQueries({ queryKey: inventoryKeys.all });
      }
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(errorMessage(error));
    },
  });

  function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (source === "typed" && typed.length === 0) return void toast.error("Enter at least one SKU and its count.");
    if (source === "csv" && csv.trim() === "") return void toast.error("Choose or paste a CSV file first.");
    run.mutate(true);
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    setCsv(await file.text());
    setReport(null);
  }

  const canPost = report !== null && !report.posted && report.errors === 0;
  const edit = (key: number, change: Partial<Line>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setReport(null);
  };

  return (
    <>
      <PageHeader
        title="Stock count"
        description="Count a warehouse's shelves and post the differences. Check first: nothing changes until you post."
        eyebrow={
          <Link to={adminPaths.stockStatus()} className="underline">
            Stock Status
          </Link>
        }
      />
      <div className="space-y-4">
        <Card labelledBy="count-form-title">
          <CardHeader id="count-form-title" title="What was counted" />
          {list.isError && !list.data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <SkeletonRows rows={3} label="Loading warehouses" />
          ) : active.length === 0 ? (
            <EmptyState icon={ClipboardList} title="No active warehouse">
              Add a warehouse first.
            </EmptyState>
          ) : (
            <form onSubmit={check} className="space-y-4 p-4" aria-label="Stock count">
              <div className="flex flex-wrap items-end gap-4">
                <Field id="count-warehouse" label="Warehouse">
                  {(control) => (
                    <Select
                      {...control}
                      value={chosen ?? ""}
                      onChange={(event) => {
                        setWarehouseId(Number(event.target.value));
                        setReport(null);
                      }}
                    >
                      {active.map((w) => (
                        <option key={w.id} value={w.id}>
                          {w.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <fieldset className="flex flex-wrap gap-4 text-sm">
                  <legend className="mb-1.5 font-medium">Counts from</legend>
                  {(
                    [
                      ["typed", "Typed in"],
                      ["csv", "A CSV file"],
                    ] as const
                  ).map(([value, label]) => (
                    <label key={value} className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="source"
                        value={value}
                        checked={source === value}
                        onChange={() => {
                          setSource(value);
                          setReport(null);
                        }}
                      />
                      {label}
                    </label>
                  ))}
                </fieldset>
              </div>
              {source === "typed" ? (
                <div className="space-y-2">
                  <ol className="space-y-2">
                    {lines.map((line, index) => (
                      <li key={line.key} className="flex flex-wrap items-end gap-2">
                        <div className="text-sm">
                          <label htmlFor={`count-sku-${line.key}`} className="block font-medium">
                            SKU <span className="sr-only">of line {index + 1}</span>
                          </label>
                          <TextInput
                            id={`count-sku-${line.key}`}
                            value={line.sku}
                            maxLength={64}
                            className="w-56 font-mono"
                            onChange={(event) => edit(line.key, { sku: event.target.value })}
                          />
                        </div>
                        <div className="text-sm">
                          <label htmlFor={`count-units-${line.key}`} className="block font-medium">
                            Counted <span className="sr-only">units of line {index + 1}</span>
                          </label>
                          <TextInput
                            id={`count-units-${line.key}`}
                            type="number"
                            min={0}
                            step={1}
                            value={line.counted}
                            className="w-28"
                            onChange={(event) => edit(line.key, { counted: event.target.value })}
                          />
                        </div>
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Remove line ${index + 1}`}
                          disabled={lines.length === 1}
                          onClick={() => {
                            setLines((current) => current.filter((candidate) => candidate.key !== line.key));
                            setReport(null);
                          }}
                        >
                          <Trash2 aria-hidden className="size-4" />
                        </Button>
                      </li>
                    ))}
                  </ol>
                  <Button size="sm" onClick={() => setLines((current) => [...current, blankLine()])}>
                    <Plus aria-hidden className="size-4" /> Add a line
                  </Button>
                  <Field id="count-note" label="Note" hint="Kept with each ledger row, e.g. who counted.">
                    {(control) => (
                      <TextInput
                        {...control}
                        value={note}
                        maxLength={200}
                        className="max-w-md"
                        onChange={(event) => setNote(event.target.value)}
                      />
                    )}
                  </Field>
                </div>
              ) : (
                <div className="space-y-3">
                  <Field id="count-file" label="CSV file" hint="A header row with the columns sku and counted.">
                    {(control) => (
                      <input
                        {...control}
                        type="file"
                        accept=".csv,text/csv"
                        className="block text-sm"
                        onChange={(event) => void readFile(event.target.files?.[0])}
                      />
                    )}
                  </Field>
                  <Field id="count-csv" label="Or paste it">
                    {(control) => (
                      <TextArea
                        {...control}
                        rows={6}
                        value={csv}
                        className="max-w-xl font-mono"
                        placeholder={"sku,counted\nTEE-BLK-M,12"}
                        onChange={(event) => {
                          setCsv(event.target.value);
                          setReport(null);
                        }}
                      />
                    )}
                  </Field>
                </div>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={run.isPending}>
                  {run.isPending && !confirming ? "Checking…" : "Check (dry run)"}
                </Button>
                <Button variant="primary" disabled={!canPost || run.isPending} onClick={() => setConfirming(true)}>
                  Post the count
                </Button>
              </div>
            </form>
          )}
        </Card>
        {report ? (
          <Card labelledBy="count-report-title">
            <CardHeader id="count-report-title" title="Report" />
            <Report report={report} />
          </Card>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Post this stock count?"
        description="Each difference becomes a ledger row in the chosen warehouse; the storefront shows the new stock at once."
        confirmLabel="Post the count"
        pending={run.isPending}
        onConfirm={() => run.mutate(false)}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
