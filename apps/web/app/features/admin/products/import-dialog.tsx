/**
 * CSV import in two steps: choose a file → the server's dry run reports what would be
 * created and updated and every row error → "Import N rows" writes it all at once.
 */
import type { ImportReport } from "@atelier/contract";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogBody, DialogFooter } from "../ui/dialog.tsx";
import { Table } from "../ui/table.tsx";
import { useImportProducts } from "./api.ts";

export function ImportDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const run = useImportProducts();
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  function close(open: boolean) {
    if (!open) {
      setCsv(null);
      setReport(null);
    }
    props.onOpenChange(open);
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    setReport(null);
    run.mutate(
      { csv: text, dryRun: true },
      { onSuccess: setReport, onError: (error) => toast.error(errorMessage(error)) },
    );
  }

  function write() {
    if (!csv) return;
    run.mutate(
      { csv, dryRun: false },
      {
        onSuccess: (written) => {
          toast.success(`Imported ${written.rows} rows: ${written.creates} new, ${written.updates} updated products`);
          close(false);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <Dialog
      open={props.open}
      onOpenChange={close}
      title="Import products"
      description="A CSV file as the export writes it: one row per variant. Nothing is written until you confirm."
      wide
    >
      <DialogBody>
        <label htmlFor="import-file" className="mb-1.5 block font-medium text-sm">
          CSV file
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          className="block text-sm"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {run.isPending && !report ? (
          <p className="mt-3 text-muted text-sm" role="status">
            Checking the file…
          </p>
        ) : null}
        {report ? (
          <div className="mt-4 space-y-3">
            <p className="text-sm" role="status">
              {report.rows} rows: {report.creates} new products, {report.updates} updated.{" "}
              {report.errors.length > 0 ? `${report.errors.length} errors must be fixed first.` : "No errors."}
            </p>
            {report.errors.length > 0 ? (
              <Table
                caption="Row errors"
                columns={[{ label: "Row" }, { label: "Column" }, { label: "Problem" }]}
                className="max-h-72 rounded-lg border border-line"
              >
                {report.errors.map((error) => (
                  <tr key={`${error.row}-${error.field}-${error.message}`}>
                    <td className="px-4 py-2 tabular-nums">{error.row}</td>
                    <td className="px-4 py-2 font-mono text-xs">{error.field}</td>
                    <td className="px-4 py-2">{error.message}</td>
                  </tr>
                ))}
              </Table>
            ) : null}
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button onClick={() => close(false)}>Cancel</Button>
        <Button
          variant="primary"
          disabled={!report || report.errors.length > 0 || report.rows === 0 || run.isPending}
          onClick={write}
        >
          {run.isPending && report ? "Importing…" : `Import ${report?.rows ?? 0} rows`}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
