/**
 * The daily low-stock digest (issue 14): once a day (cron, UTC, one process however many
 * run: the job queue's schedule, ADR 0008) the variants at or under their threshold are
 * mailed to every staff member whose roles grant `inventory`. Each mail is a job of the
 * mail queue (retried, never lost); nothing low, no mail. A failed digest is not retried:
 * the next day's does the same work, and a retry could mail some people twice.
 */
import type { LowStockRow } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "../../infra/jobs.ts";
import type { Mailer } from "../mail/index.ts";
import type { InventoryService } from "./service.ts";

export const LOW_STOCK_DIGEST_JOB = "inventory.low-stock-digest";
/** Every day at 07:00 UTC. */
export const LOW_STOCK_DIGEST_CRON = "0 7 * * *";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function lineOf(row: LowStockRow): string {
  const cover = row.daysOfCover === null ? "no recent sales" : `${row.daysOfCover} days of cover`;
  const incoming = row.incoming > 0 ? `, ${row.incoming} incoming` : "";
  return `- ${row.productName} (${row.sizeName} / ${row.colorName}, ${row.sku}): ${row.available} available, threshold ${row.threshold}, ${cover}${incoming}; reorder ${row.suggestedReorder}`;
}

export function digestMail(input: { rows: readonly LowStockRow[]; total: number; storeName: string; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const { rows, total, storeName, link } = input;
  const subject = `${storeName}: ${total} ${total === 1 ? "variant is" : "variants are"} running low`;
  const more = total > rows.length ? `\n…and ${total - rows.length} more.` : "";
  const text = `These variants are at or under their low-stock threshold:\n\n${rows.map(lineOf).join("\n")}${more}\n\nSee them all and reorder: ${link}\n\n— ${storeName}`;
  const cells = (row: LowStockRow) =>
    [
      `${escapeHtml(row.productName)}<br><small>${escapeHtml(`${row.sizeName} / ${row.colorName} · ${row.sku}`)}</small>`,
      String(row.available),
      String(row.threshold),
      row.daysOfCover === null ? "—" : String(row.daysOfCover),
      row.incoming > 0 ? String(row.incoming) : "—",
      String(row.suggestedReorder),
    ]
      .map((cell, index) => `<td style="padding:4px 8px${index > 0 ? ";text-align:right" : ""}">${cell}</td>`)
      .join("");
  const html = `<p>These variants are at or under their low-stock threshold:</p>
<table style="border-collapse:collapse"><thead><tr>${[
    "Variant",
    "Available",
    "Threshold",
    "Days of cover",
    "Incoming",
    "Reorder",
  ]
    .map((label) => `<th style="padding:4px 8px;text-align:left">${label}</th>`)
    .join("")}</tr></thead><tbody>${rows.map((row) => `<tr>${cells(row)}</tr>`).join("")}</tbody></table>${
    more ? `<p>…and ${total - rows.length} more.</p>` : ""
  }<p><a href="${escapeHtml(link)}">See them all on Low Stock</a></p><p>— ${escapeHtml(storeName)}</p>`;
  return { subject, text, html };
}

/** Declares the digest's daily job; `send()` runs one now (what the job does). */
export function lowStockDigest(deps: {
  service: InventoryService;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
}) {
  async function send(): Promise<number> {
    const digest = await deps.service.lowStockDigest();
    if (digest.total === 0 || digest.recipients.length === 0) return 0;
    const mail = digestMail({
      rows: digest.rows,
      total: digest.total,
      storeName: deps.storeName,
      link: `${deps.publicUrl}/admin/inventory/low-stock`,
    });
    for (const to of digest.recipients) await deps.mailer.send({ to, ...mail });
    deps.log.info({ recipients: digest.recipients.length, low: digest.total }, "low-stock digest queued");
    return digest.recipients.length;
  }
  deps.jobs.every(
    LOW_STOCK_DIGEST_JOB,
    LOW_STOCK_DIGEST_CRON,
    async () => {
      await send();
    },
    { retryLimit: 0, expireInSeconds: 300 },
  );
  return { send };
}
