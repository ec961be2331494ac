/**
 * Royalty and commission statements: per collaborator and finished period, what was sold
 * and what is due, with order-level detail, stored as a snapshot that staff mark paid.
 *
 * What counts (events in [periodStart, periodEnd), never before the rate's start):
 * - sales: lines of the collaborator's products, and every line of orders placed with one
 *   of its referral coupons, in orders placed in the period that are not cancelled nor
 *   unpaid card orders; net = line total − its share of the discounts;
 * - refunds made in the period on such orders (whenever they were placed): the share of
 *   the refund that the collaborator's lines make of the order's total, taken off. A
 *   refund made after a statement was paid therefore lands in the next one (carry-over).
 * Due: percent of net (basis points, half up) or the fixed amount per unit, refunds taking
 * off their proportional share. Periods of one collaborator never overlap (409), and a
 * period must have ended (422), so a stored statement never misses a later event.
 */
import type { CollabStatement, StatementInput } from "@atelier/contract";
import { formatMinor, minorDigits } from "@atelier/contract";
import { desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { collaborators, collabStatements, type StatementLine } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";

type Input = z.output<typeof StatementInput>;

/** `amount × basisPoints / 10000`, half up (away from zero for negatives). */
export function basisPointsOf(amount: number, basisPoints: number): number {
  const product = BigInt(amount) * BigInt(basisPoints);
  const sign = product < 0n ? -1n : 1n;
  return Number(sign * ((sign * product + 5000n) / 10000n));
}

/** `value × numerator / denominator`, half up, integers only. */
function share(value: number, numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  const product = BigInt(value) * BigInt(numerator);
  const sign = product < 0n ? -1n : 1n;
  const d = BigInt(denominator);
  return Number(sign * ((sign * product * 2n + d) / (2n * d)));
}

export function statementsService(deps: { db: Db; currency: () => Promise<string> }) {
  const { db } = deps;

  const rateText = (row: typeof collaborators.$inferSelect, currency: string) =>
    row.rateKind === "percent"
      ? `${((row.rateBasisPoints ?? 0) / 100).toString()}% of net sales`
      : `${currency} ${formatMinor(row.rateAmount ?? 0, minorDigits(currency))} per unit`;

  async function view(row: typeof collabStatements.$inferSelect): Promise<CollabStatement> {
    const [collab] = await db.select().from(collaborators).where(eq(collaborators.id, row.collaboratorId));
    return {
      id: row.id,
      collaboratorId: row.collaboratorId,
      collaboratorName: collab?.name ?? "",
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      currency: row.currency,
      units: row.units,
      netSales: row.netSales,
      due: row.due,
      rate: collab ? rateText(collab, row.currency) : "",
      lines: row.lines,
      paidAt: row.paidAt?.toISOString() ?? null,
      paidByName: row.paidByName,
      paidReference: row.paidReference,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The figures of a period (not stored). */
  async function compute(collabId: number, start: Date, end: Date) {
    const [collab] = await db.select().from(collaborators).where(eq(collaborators.id, collabId));
    if (!collab) throw new NotFoundError("This collaborator does not exist.");
    // Lines that count for this collaborator, per order (any time; filtered below).
    const basis = sql`
      select o.id as order_id, o.number, o.placed_at, o.total,
        sum(l.quantity)::int as units, sum(l.total_price - l.discount)::int as net
      from order_lines l join buying_history o on o.id = l.history_id
      where not o.is_draft and o.status not in ('cancelled', 'pending_payment')
        and o.payment_state not in ('failed', 'expired')
        and o.placed_at >= ${collab.rateStartsAt.toISOString()}::timestamptz
        and (l.product_id in (select product_id from collaborator_product_ids where collaborator_id = ${collabId})
          or o.id in (select r.order_id from coupon_redemptions r
            join collaborator_coupons cc on cc.coupon_id = r.coupon_id where cc.collaborator_id = ${collabId}))
      group by o.id`;
    const sales = await db.execute<{
      order_id: number;
      number: string;
      placed_at: Date;
      units: number;
      net: number;
    }>(sql`
      select * from (${basis}) b where b.placed_at < ${end.toISOString()}::timestamptz
        and b.placed_at >= ${start.toISOString()}::timestamptz order by b.placed_at, b.order_id`);
    const refunds = await db.execute<{
      order_id: number;
      number: string;
      refunded_at: Date;
      amount: number;
      total: number;
      units: number;
      net: number;
    }>(sql`
      select b.order_id, b.number, p.created_at as refunded_at, p.amount, b.total, b.units, b.net
      from (${basis}) b join payments p on p.history_id = b.order_id and p.kind = 'refund'
      where p.created_at >= ${start.toISOString()}::timestamptz and p.created_at < ${end.toISOString()}::timestamptz
      order by p.created_at, p.id`);
    const dueOf = (net: number, units: number) =>
      collab.rateKind === "percent"
        ? basisPointsOf(net, collab.rateBasisPoints ?? 0)
        : units * (collab.rateAmount ?? 0);
    const lines: StatementLine[] = [];
    for (const row of sales.rows) {
      lines.push({
        orderId: row.order_id,
        orderNumber: row.number,
        placedAt: new Date(row.placed_at).toISOString(),
        kind: "sale",
        units: row.units,
        net: row.net,
        due: dueOf(row.net, row.units),
      });
    }
    for (const row of refunds.rows) {
      const net = -share(row.amount, row.net, row.total);
      const due = -share(dueOf(row.net, row.units), row.amount, row.total);
      lines.push({
        orderId: row.order_id,
        orderNumber: row.number,
        placedAt: new Date(row.refunded_at).toISOString(),
        kind: "refund",
        units: 0,
        net,
        due,
      });
    }
    const units = lines.reduce((sum, line) => sum + line.units, 0);
    const netSales = lines.reduce((sum, line) => sum + line.net, 0);
    const due = lines.reduce((sum, line) => sum + line.due, 0);
    return { collab, lines, units, netSales, due };
  }

  return {
    compute,
    async list(collabId: number): Promise<CollabStatement[]> {
      const rows = await db
        .select()
        .from(collabStatements)
        .where(eq(collabStatements.collaboratorId, collabId))
        .orderBy(desc(collabStatements.periodStart));
      return Promise.all(rows.map(view));
    },

    async get(id: number): Promise<CollabStatement> {
      const [row] = await db.select().from(collabStatements).where(eq(collabStatements.id, id));
      if (!row) throw new NotFoundError("This statement does not exist.");
      return view(row);
    },

    async create(collabId: number, input: Input, actor: ActivityActor): Promise<CollabStatement> {
      const start = new Date(input.periodStart);
      const end = new Date(input.periodEnd);
      if (end.getTime() > Date.now()) {
        throw new ValidationError("A statement covers a period that has ended.", {
          periodEnd: "must not be in the future",
        });
      }
      const currency = await deps.currency();
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`collab-statements:${collabId}`}, 16))`);
        const overlap = await tx.execute<{ id: number }>(sql`
          select id from collab_statements where collaborator_id = ${collabId}
            and period_start < ${end.toISOString()}::timestamptz and period_end > ${start.toISOString()}::timestamptz limit 1`);
        if (overlap.rows.length > 0) {
          throw new ConflictError("This period overlaps a statement already made for this collaborator.", {
            periodStart: "overlaps another statement",
          });
        }
        const figures = await compute(collabId, start, end);
        const [created] = await tx
          .insert(collabStatements)
          .values({
            collaboratorId: collabId,
            periodStart: start,
            periodEnd: end,
            currency,
            units: figures.units,
            netSales: figures.netSales,
            due: figures.due,
            lines: figures.lines,
          })
          .returning();
        if (!created) throw new Error("statement insert returned nothing");
        await recordActivity(tx, {
          actor,
          action: "statement.create",
          subject: { type: "statement", id: created.id, label: figures.collab.name },
          after: {
            periodStart: start.toISOString(),
            periodEnd: end.toISOString(),
            units: figures.units,
            netSales: figures.netSales,
            due: figures.due,
          },
        });
        return created;
      });
      return view(row);
    },

    async markPaid(id: number, reference: string, actor: ActivityActor): Promise<CollabStatement> {
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(collabStatements).where(eq(collabStatements.id, id)).for("update");
        if (!current) throw new NotFoundError("This statement does not exist.");
        if (current.paidAt) throw new ConflictError("This statement is already marked paid.");
        const [updated] = await tx
          .update(collabStatements)
          .set({
            paidAt: new Date(),
            paidBy: actor.id,
            paidByName: actor.name,
            paidReference: reference,
            updatedAt: new Date(),
          })
          .where(eq(collabStatements.id, id))
          .returning();
        await recordActivity(tx, {
          actor,
          action: "statement.paid",
          subject: { type: "statement", id, label: `#${id}` },
          before: { paidAt: null },
          after: { paidAt: updated?.paidAt?.toISOString() ?? null, reference },
        });
        return updated ?? current;
      });
      return view(row);
    },
  };
}

export type StatementsService = ReturnType<typeof statementsService>;
