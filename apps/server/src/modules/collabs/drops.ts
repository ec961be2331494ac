/**
 * Drops: a set of products (often a collaborator's) released at a launch time, closing at
 * an optional end, with a per-customer limit per product.
 *
 * The placement guard (`dropGuard`) runs inside checkout's order transaction, after the
 * cart lines are locked: a product whose drop has not launched or has closed cannot be
 * ordered (409), and a limited product takes a transaction-level advisory lock per
 * (product, customer) — the customer's email, and their account when signed in — before
 * counting what that customer already bought, so concurrent orders of one customer are
 * counted one after another and never exceed the limit.
 */
import type { AdminDrop, DropInfo, DropInput } from "@atelier/contract";
import { desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { collaborators, dropProducts, drops, notifySubscriptions, products } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import type { CheckoutLine } from "../checkout/index.ts";

type Input = z.output<typeof DropInput>;
type DropRow = Pick<
  typeof drops.$inferSelect,
  "id" | "title" | "launchAt" | "endsAt" | "beforeLaunch" | "perCustomerLimit"
>;

export const DROP_LAUNCH_QUEUE = "collabs.drop-launch";

export function dropInfoOf(row: DropRow, now = new Date()): DropInfo {
  const state =
    row.launchAt.getTime() > now.getTime()
      ? "upcoming"
      : row.endsAt && row.endsAt.getTime() <= now.getTime()
        ? "closed"
        : "open";
  return {
    id: row.id,
    title: row.title,
    launchAt: row.launchAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    beforeLaunch: row.beforeLaunch,
    perCustomerLimit: row.perCustomerLimit,
    state,
  };
}

const lockKey = (key: string) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 16))`;

interface DropReadRow {
  productId: number;
  title: string;
  launchAt: string;
  endsAt: string | null;
  limit: number | null;
  launched: boolean;
  closed: boolean;
}

/**
 * The drop rules for the lines of an order being placed (inside its transaction). The
 * email is the order's contact email; signed-in customers are also counted by account.
 * `read` is checkout's part of its one read after the lines are locked (ADR 0017): the
 * drops of the cart's products; `check` refuses, and takes the per-customer locks and
 * counts (statements of its own) only for products whose drop has a limit.
 */
export const dropGuard = {
  read(input: { lines: readonly CheckoutLine[] }): SQL {
    const ids = [...new Set(input.lines.map((line) => line.productId))];
    return sql`(select json_agg(json_build_object('productId', dp.product_id, 'title', d.title,
        'launchAt', d.launch_at, 'endsAt', d.ends_at, 'limit', d.per_customer_limit,
        'launched', d.launch_at <= now(), 'closed', d.ends_at is not null and d.ends_at <= now())
        order by dp.product_id)
      from drop_products dp join drops d on d.id = dp.drop_id
      where dp.product_id = any(${`{${ids.join(",")}}`}::int[]))`;
  },

  async check(
    tx: Tx,
    input: { lines: readonly CheckoutLine[]; shopper: Shopper; email: string },
    read: unknown,
  ): Promise<void> {
    const quantities = new Map<number, { quantity: number; line: CheckoutLine }>();
    for (const line of input.lines) {
      const entry = quantities.get(line.productId);
      quantities.set(line.productId, { quantity: (entry?.quantity ?? 0) + line.quantity, line: entry?.line ?? line });
    }
    const rows = (read as DropReadRow[] | null) ?? [];
    const email = input.email.trim().toLowerCase();
    const userId = "userId" in input.shopper ? input.shopper.userId : null;
    for (const row of rows) {
      const entry = quantities.get(row.productId);
      if (!entry) continue;
      const field = `lines.${entry.line.variantId}`;
      if (!row.launched) {
        throw new ConflictError(
          `${entry.line.productName} is part of the drop "${row.title}", which opens at ${new Date(row.launchAt).toISOString()}. Remove it from your cart or wait for the launch.`,
          { [field]: "is not on sale yet" },
        );
      }
      if (row.closed) {
        throw new ConflictError(`The drop "${row.title}" has closed: ${entry.line.productName} is no longer sold.`, {
          [field]: "the drop has closed",
        });
      }
      if (row.limit === null) continue;
      // Sorted keys: two transactions of one customer take them in the same order.
      const keys = [
        `drop-limit:${row.productId}:e:${email}`,
        ...(userId ? [`drop-limit:${row.productId}:u:${userId}`] : []),
      ].sort();
      for (const key of keys) await tx.execute(sql`select ${lockKey(key)}`);
      const bought = await tx.execute<{ units: number }>(sql`
        select coalesce(sum(l.quantity), 0)::int as units
        from order_lines l join buying_history o on o.id = l.history_id
        where l.product_id = ${row.productId} and not o.is_draft and o.status <> 'cancelled'
          and (lower(o.email) = ${email} ${userId ? sql`or o.user_id = ${userId}` : sql``})`);
      const already = bought.rows[0]?.units ?? 0;
      if (already + entry.quantity > row.limit) {
        const left = Math.max(0, row.limit - already);
        throw new ConflictError(
          `${entry.line.productName} is limited to ${row.limit} per customer${
            already > 0 ? ` and you already bought ${already}` : ""
          }. ${left > 0 ? `You can buy ${left} more.` : "You cannot buy more."}`,
          { [field]: `limited to ${row.limit} per customer` },
        );
      }
    }
  },
};

export function dropsService(deps: { db: Db; jobs: JobQueue; invalidateCatalog: () => void }) {
  const { db } = deps;

  async function toAdmin(rows: (typeof drops.$inferSelect)[], warning: string | null = null): Promise<AdminDrop[]> {
    const ids = rows.map((row) => row.id);
    const members =
      ids.length === 0 ? [] : await db.select().from(dropProducts).where(inArray(dropProducts.dropId, ids));
    const names =
      ids.length === 0
        ? []
        : await db
            .select({ id: collaborators.id, name: collaborators.name })
            .from(collaborators)
            .where(
              inArray(
                collaborators.id,
                rows.map((row) => row.collaboratorId ?? 0),
              ),
            );
    const counts =
      ids.length === 0
        ? []
        : await db
            .select({ dropId: notifySubscriptions.dropId, n: sql<number>`count(*)::int` })
            .from(notifySubscriptions)
            .where(
              sql`${notifySubscriptions.dropId} in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )}) and ${notifySubscriptions.confirmedAt} is not null`,
            )
            .groupBy(notifySubscriptions.dropId);
    return rows.map((row) => ({
      ...dropInfoOf(row),
      collaboratorId: row.collaboratorId,
      collaboratorName: names.find((entry) => entry.id === row.collaboratorId)?.name ?? null,
      productIds: members.filter((entry) => entry.dropId === row.id).map((entry) => entry.productId),
      subscribers: counts.find((entry) => entry.dropId === row.id)?.n ?? 0,
      launchMailedAt: row.launchMailedAt?.toISOString() ?? null,
      warning,
    }));
  }

  async function get(id: number, warning: string | null = null): Promise<AdminDrop> {
    const [row] = await db.select().from(drops).where(eq(drops.id, id));
    if (!row) throw new NotFoundError("This drop does not exist.");
    const [admin] = await toAdmin([row], warning);
    if (!admin) throw new NotFoundError("This drop does not exist.");
    return admin;
  }

  async function check(tx: Tx, input: Input, except?: number): Promise<void> {
    const fields: Record<string, string> = {};
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, input.productIds));
    if (found.length !== new Set(input.productIds).size) fields.productIds = "holds a product that does not exist";
    const taken = await tx
      .select({ productId: dropProducts.productId, dropId: dropProducts.dropId })
      .from(dropProducts)
      .where(inArray(dropProducts.productId, input.productIds));
    const clash = taken.find((entry) => entry.dropId !== except);
    if (clash) fields.productIds = `product ${clash.productId} is already in another drop`;
    if (input.collaboratorId !== null) {
      const [collab] = await tx
        .select({ id: collaborators.id })
        .from(collaborators)
        .where(eq(collaborators.id, input.collaboratorId));
      if (!collab) fields.collaboratorId = "is not a collaborator";
    }
    if (Object.keys(fields).length > 0) {
      throw new ValidationError(
        `Check the drop: ${Object.entries(fields)
          .map(([key, message]) => `${key} ${message}`)
          .join("; ")}.`,
        fields,
      );
    }
  }

  const pastWarning = (launchAt: Date) =>
    launchAt.getTime() <= Date.now()
      ? `The launch time ${launchAt.toISOString()} is in the past: this drop is open now and its "Notify me" mails go out at once.`
      : null;

  async function schedule(id: number, launchAt: Date): Promise<void> {
    await deps.jobs.send(DROP_LAUNCH_QUEUE, { dropId: id }, { startAfter: launchAt });
  }

  const logged = (input: Input) => ({
    title: input.title,
    collaboratorId: input.collaboratorId,
    productIds: [...input.productIds].sort((a, b) => a - b),
    launchAt: new Date(input.launchAt).toISOString(),
    endsAt: input.endsAt ? new Date(input.endsAt).toISOString() : null,
    beforeLaunch: input.beforeLaunch,
    perCustomerLimit: input.perCustomerLimit,
  });

  return {
    get,
    async list(): Promise<AdminDrop[]> {
      return toAdmin(await db.select().from(drops).orderBy(desc(drops.launchAt), desc(drops.id)));
    },

    async create(input: Input, actor: ActivityActor): Promise<AdminDrop> {
      const launchAt = new Date(input.launchAt);
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select ${lockKey("drops")}`);
        await check(tx, input);
        const [row] = await tx
          .insert(drops)
          .values({
            title: input.title,
            collaboratorId: input.collaboratorId,
            launchAt,
            endsAt: input.endsAt ? new Date(input.endsAt) : null,
            beforeLaunch: input.beforeLaunch,
            perCustomerLimit: input.perCustomerLimit,
          })
          .returning({ id: drops.id });
        if (!row) throw new Error("drop insert returned nothing");
        await tx
          .insert(dropProducts)
          .values([...new Set(input.productIds)].map((productId) => ({ dropId: row.id, productId })));
        await recordActivity(tx, {
          actor,
          action: "drop.create",
          subject: { type: "drop", id: row.id, label: input.title },
          after: logged(input),
        });
        return row.id;
      });
      deps.invalidateCatalog();
      await schedule(id, launchAt);
      return get(id, pastWarning(launchAt));
    },

    async update(id: number, input: Input, actor: ActivityActor): Promise<AdminDrop> {
      const launchAt = new Date(input.launchAt);
      const wasUpcoming = await db.transaction(async (tx) => {
        await tx.execute(sql`select ${lockKey("drops")}`);
        const [current] = await tx.select().from(drops).where(eq(drops.id, id)).for("update");
        if (!current) throw new NotFoundError("This drop does not exist.");
        await check(tx, input, id);
        const before = await tx.select().from(dropProducts).where(eq(dropProducts.dropId, id));
        await tx
          .update(drops)
          .set({
            title: input.title,
            collaboratorId: input.collaboratorId,
            launchAt,
            endsAt: input.endsAt ? new Date(input.endsAt) : null,
            beforeLaunch: input.beforeLaunch,
            perCustomerLimit: input.perCustomerLimit,
            // A launch moved later mails its subscribers again at the new time.
            ...(launchAt.getTime() > Date.now() ? { launchMailedAt: null } : {}),
            version: sql`${drops.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(drops.id, id));
        await tx.delete(dropProducts).where(eq(dropProducts.dropId, id));
        await tx
          .insert(dropProducts)
          .values([...new Set(input.productIds)].map((productId) => ({ dropId: id, productId })));
        await recordActivity(tx, {
          actor,
          action: "drop.update",
          subject: { type: "drop", id, label: input.title },
          before: {
            title: current.title,
            collaboratorId: current.collaboratorId,
            productIds: before.map((entry) => entry.productId).sort((a, b) => a - b),
            launchAt: current.launchAt.toISOString(),
            endsAt: current.endsAt?.toISOString() ?? null,
            beforeLaunch: current.beforeLaunch,
            perCustomerLimit: current.perCustomerLimit,
          },
          after: logged(input),
        });
        return current.launchAt.getTime() > Date.now();
      });
      deps.invalidateCatalog();
      await schedule(id, launchAt);
      // An upcoming drop moved into the past opens now: said, as when creating one.
      return get(id, wasUpcoming ? pastWarning(launchAt) : null);
    },

    /** The drop of a product, as shoppers see it (null when none). */
    async ofProduct(productId: number): Promise<DropInfo | null> {
      const [row] = await db
        .select({
          id: drops.id,
          title: drops.title,
          launchAt: drops.launchAt,
          endsAt: drops.endsAt,
          beforeLaunch: drops.beforeLaunch,
          perCustomerLimit: drops.perCustomerLimit,
        })
        .from(dropProducts)
        .innerJoin(drops, eq(drops.id, dropProducts.dropId))
        .where(eq(dropProducts.productId, productId));
      return row ? dropInfoOf(row) : null;
    },
  };
}

export type DropsService = ReturnType<typeof dropsService>;
