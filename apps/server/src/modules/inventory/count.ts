/** Stock counts: counted units per SKU (typed or a CSV), checked against a warehouse and posted as the differences. */
import type { CountReport } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import type { Db } from "../../db/client.ts";
import { stockLevels } from "../../db/schema/index.ts";
import { ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { lockVariants, post } from "./ledger.ts";
import { activeWarehouse } from "./warehouses.ts";

/** Checks count lines (SKU, counted) against a warehouse; posts the differences unless dry or any line is wrong. */
async function runCount(
  db: Db,
  warehouseId: number,
  lines: readonly { line: number; sku: string; counted: number | null; error: string | null }[],
  options: { dryRun: boolean; note: string; source: string },
  actor: ActivityActor,
): Promise<CountReport> {
  return db.transaction(async (tx) => {
    const warehouse = await activeWarehouse(tx, warehouseId, "warehouseId");
    const skus = [...new Set(lines.map((line) => line.sku).filter(Boolean))];
    const known = new Map<string, number>();
    if (skus.length > 0) {
      const found = await tx.execute<{ id: number; sku: string }>(
        sql`select id, sku from product_variants where sku in (${sql.join(
          skus.map((sku) => sql`${sku}`),
          sql`, `,
        )})`,
      );
      for (const row of found.rows) known.set(row.sku, row.id);
    }
    const ids = [...known.values()];
    if (!options.dryRun && ids.length > 0) await lockVariants(tx, ids);
    const levels = new Map<number, number>();
    if (ids.length > 0) {
      const rows = await tx.execute<{ variant_id: number; on_hand: number; reserved: number }>(
        sql`select variant_id, on_hand, reserved from stock_levels where warehouse_id = ${warehouseId} and variant_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const row of rows.rows) levels.set(row.variant_id, row.on_hand);
    }
    const seen = new Set<string>();
    const report: CountReport["lines"] = lines.map((line) => {
      let error = line.error;
      const variantId = known.get(line.sku);
      if (!error && variantId === undefined) error = `Unknown SKU "${line.sku}".`;
      if (!error && seen.has(line.sku)) error = `SKU "${line.sku}" is counted twice.`;
      seen.add(line.sku);
      const expected = variantId === undefined ? null : (levels.get(variantId) ?? 0);
      return {
        line: line.line,
        sku: line.sku,
        counted: line.counted,
        expected,
        difference: error || line.counted === null || expected === null ? null : line.counted - expected,
        error,
      };
    });
    const errors = report.filter((line) => line.error !== null).length;
    if (options.dryRun || errors > 0) return { posted: false, lines: report, errors };
    const reserved = new Map<number, number>();
    const reservedRows = await tx
      .select({ variantId: stockLevels.variantId, reserved: stockLevels.reserved })
      .from(stockLevels)
      .where(eq(stockLevels.warehouseId, warehouseId));
    for (const row of reservedRows) reserved.set(row.variantId, row.reserved);
    for (const line of report) {
      const variantId = known.get(line.sku);
      if (variantId !== undefined && line.counted !== null && line.counted < (reserved.get(variantId) ?? 0)) {
        line.error = `Counted ${line.counted}, but ${reserved.get(variantId)} are held for unpaid card orders.`;
      }
    }
    const holdErrors = report.filter((line) => line.error !== null).length;
    if (holdErrors > 0) return { posted: false, lines: report, errors: holdErrors };
    await post(
      tx,
      report
        .filter((line) => line.difference !== null && line.difference !== 0)
        .map((line) => ({
          variantId: known.get(line.sku) as number,
          warehouseId,
          kind: options.source === "import" ? ("import" as const) : ("count" as const),
          quantity: line.difference as number,
          reason: `Stock count${options.note ? `: ${options.note}` : ""} (counted ${line.counted}, expected ${line.expected})`,
          actorId: actor.id,
          actorName: actor.name,
        })),
    );
    await recordActivity(tx, {
      actor,
      action: "stock.count",
      subject: { type: "warehouse", id: warehouseId, label: warehouse.name },
      before: null,
      after: {
        source: options.source,
        lines: report.length,
        changed: report.filter((line) => line.difference !== 0).map((line) => `${line.sku}: ${line.difference}`),
      },
    });
    return { posted: true, lines: report, errors: 0 };
  });
}

export async function countStock(
  db: Db,
  input: { warehouseId: number; lines: { sku: string; counted: number }[]; note: string; dryRun?: boolean },
  actor: ActivityActor,
) {
  return runCount(
    db,
    input.warehouseId,
    input.lines.map((line, index) => ({ line: index + 1, sku: line.sku, counted: line.counted, error: null })),
    { dryRun: input.dryRun ?? false, note: input.note, source: "count" },
    actor,
  );
}

export async function importStockCount(
  db: Db,
  input: { warehouseId: number; csv: string; dryRun: boolean },
  actor: ActivityActor,
) {
  const parsed = Papa.parse<Record<string, string>>(input.csv.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes("sku") || !fields.includes("counted")) {
    throw new ValidationError("The CSV needs a header row with the columns sku and counted.", {
      csv: "needs columns sku, counted",
    });
  }
  const lines = parsed.data.map((row, index) => {
    const sku = (row.sku ?? "").trim();
    const text = (row.counted ?? "").trim();
    let error: string | null = null;
    let counted: number | null = null;
    if (!sku) error = "The SKU is empty.";
    else if (!/^-?\d+(\.\d+)?$/.test(text)) error = `"${text}" is not a number.`;
    else if (text.startsWith("-")) error = `A count cannot be negative (${text}).`;
    else if (text.includes(".") && Number(text) !== Math.trunc(Number(text)))
      error = `A count is a whole number (${text}).`;
    else if (Number(text) > 1_000_000) error = `${text} is too large.`;
    else counted = Math.trunc(Number(text));
    return { line: index + 2, sku, counted, error };
  });
  if (lines.length === 0) throw new ValidationError("The CSV has no rows.", { csv: "has no rows" });
  return runCount(db, input.warehouseId, lines, { dryRun: input.dryRun, note: "CSV import", source: "import" }, actor);
}
