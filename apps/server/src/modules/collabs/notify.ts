/**
 * "Notify me": one list for a drop's launch and for a sold-out variant coming back.
 *
 * A request stores (email, drop or variant) with a fresh secret token and mails a
 * confirmation link; only confirmed addresses are mailed later (double opt-in). The
 * answer is the same whether the email was new, pending or confirmed (no one learns who
 * subscribed); asking again re-sends the link at most once per 10 minutes.
 *
 * Launch mails go through the job queue: a `collabs.drop-launch` job is stored with
 * `startAfter` = the launch when staff save a drop (plus a sweep every 5 minutes as a
 * safety net); the job marks the drop mailed once and queues one mail per confirmed
 * subscriber. Back in stock: every catalogue write (the stock ledger's adjustments and
 * transfers among them) queues a check job that mails the confirmed subscribers of
 * variants with stock again; a sweep every minute runs the same check as a safety net.
 */
import { randomBytes } from "node:crypto";
import type { NotifyBody } from "@atelier/contract";
import { notifyAnswerMessage } from "@atelier/contract";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { dropProducts, drops, notifySubscriptions, products, productVariants } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import type { Mailer } from "../mail/index.ts";
import { DROP_LAUNCH_QUEUE } from "./drops.ts";

type Body = z.output<typeof NotifyBody>;

export const BACK_IN_STOCK_QUEUE = "collabs.back-in-stock";
export const DROP_SWEEP_QUEUE = "collabs.drop-sweep";

export function notifyService(deps: {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
  invalidateCatalog: () => void;
}) {
  const { db, mailer, storeName, publicUrl } = deps;
  const sign = `— ${storeName}`;

  async function subjectOf(body: Body): Promise<{ name: string; path: string } | undefined> {
    if (body.dropId !== null) {
      const [drop] = await db.select({ title: drops.title }).from(drops).where(eq(drops.id, body.dropId));
      return drop ? { name: drop.title, path: "/collabs/artist" } : undefined;
    }
    const [variant] = await db
      .select({
        name: products.name,
        productId: products.id,
        published: products.isPublished,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, body.variantId ?? 0));
    if (!variant?.published) return undefined;
    if (variant.stock > 0) {
      throw new ConflictError(`${variant.name} is in stock in this size and color: you can order it now.`, {
        variantId: "is in stock",
      });
    }
    return { name: variant.name, path: `/products/details/${variant.productId}` };
  }

  async function subscribe(body: Body): Promise<{ message: string }> {
    const subject = await subjectOf(body);
    if (!subject)
      throw new NotFoundError(body.dropId !== null ? "This drop does not exist." : "This item does not exist.");
    const token = randomBytes(32).toString("hex");
    const target = body.dropId !== null ? { dropId: body.dropId } : { variantId: body.variantId };
    // Insert, or refresh the token of a pending one whose last link is older than 10 minutes.
    const conflictTarget =
      body.dropId !== null
        ? sql`(drop_id, email) where drop_id is not null`
        : sql`(variant_id, email) where variant_id is not null`;
    const result = await db.execute<{ token: string }>(sql`
      insert into notify_subscriptions (email, drop_id, variant_id, token)
      values (${body.email}, ${target.dropId ?? null}, ${target.variantId ?? null}, ${token})
      on conflict ${conflictTarget} do update set token = excluded.token, created_at = now()
        where notify_subscriptions.confirmed_at is null and notify_subscriptions.created_at < now() - interval '10 minutes'
      returning token`);
    if (result.rows[0]?.token === token) {
      const link = `${publicUrl}/collabs/notify/confirm?token=${token}`;
      await mailer.send({
        to: body.email,
        subject: `Confirm: tell me about ${subject.name}`,
        text: [
          `Someone (we hope you) asked ${storeName} to mail this address when ${subject.name} is available.`,
          "",
          `Confirm with this link: ${link}`,
          "",
          "If it was not you, ignore this mail: nothing will be sent.",
          "",
          sign,
        ].join("\n"),
      });
    }
    return { message: notifyAnswerMessage };
  }

  async function confirm(token: string): Promise<{ confirmed: true }> {
    const rows = await db
      .update(notifySubscriptions)
      .set({ confirmedAt: sql`coalesce(${notifySubscriptions.confirmedAt}, now())` })
      .where(eq(notifySubscriptions.token, token))
      .returning({ id: notifySubscriptions.id });
    if (rows.length === 0)
      throw new NotFoundError("This confirmation link is not valid (it may have been replaced by a newer one).");
    return { confirmed: true };
  }

  /** Mails the confirmed subscribers of a drop that has launched (once). */
  async function launch(dropId: number): Promise<number> {
    const [drop] = await db
      .update(drops)
      .set({ launchMailedAt: sql`now()` })
      .where(and(eq(drops.id, dropId), sql`${drops.launchAt} <= now()`, isNull(drops.launchMailedAt)))
      .returning({ id: drops.id, title: drops.title, collaboratorId: drops.collaboratorId });
    if (!drop) return 0;
    deps.invalidateCatalog();
    const [first] = await db
      .select({ productId: dropProducts.productId })
      .from(dropProducts)
      .where(eq(dropProducts.dropId, drop.id))
      .orderBy(dropProducts.productId)
      .limit(1);
    const link = first ? `${publicUrl}/products/details/${first.productId}` : publicUrl;
    const subscribers = await db
      .select({ id: notifySubscriptions.id, email: notifySubscriptions.email })
      .from(notifySubscriptions)
      .where(
        and(
          eq(notifySubscriptions.dropId, drop.id),
          isNotNull(notifySubscriptions.confirmedAt),
          isNull(notifySubscriptions.notifiedAt),
        ),
      );
    for (const subscriber of subscribers) {
      await mailer.send({
        to: subscriber.email,
        subject: `${drop.title} is live now`,
        text: [`${drop.title} has just launched at ${storeName}.`, "", `Shop it here: ${link}`, "", sign].join("\n"),
      });
      await db
        .update(notifySubscriptions)
        .set({ notifiedAt: sql`now()` })
        .where(eq(notifySubscriptions.id, subscriber.id));
    }
    deps.log.info({ drop: drop.id, mails: subscribers.length }, "drop launched");
    return subscribers.length;
  }

  /** Drops whose launch passed without their mails (a lost job, a restart): mailed now. */
  async function sweepDrops(): Promise<void> {
    const due = await db
      .select({ id: drops.id })
      .from(drops)
      .where(and(sql`${drops.launchAt} <= now()`, isNull(drops.launchMailedAt)));
    for (const drop of due) await launch(drop.id);
  }

  /**
   * Mails confirmed subscribers of variants that have stock again. The rows are claimed
   * (marked notified) in one statement that skips rows another run holds, so two runs at
   * once never mail anyone twice; a mail that cannot be queued gives its row back.
   */
  async function backInStock(): Promise<number> {
    const claimed = await db.execute<{
      id: number;
      email: string;
      product_id: number;
      name: string;
      size: string;
      color: string;
    }>(sql`
      with due as (
        select s.id from notify_subscriptions s
        join product_variants v on v.id = s.variant_id
        join products p on p.id = v.product_id
        where s.variant_id is not null and s.confirmed_at is not null and s.notified_at is null
          and v.stock > 0 and p.is_published
        order by s.id limit 500
        for update of s skip locked)
      update notify_subscriptions s set notified_at = now()
      from due, product_variants v, products p, sizes z, colors c
      where s.id = due.id and v.id = s.variant_id and p.id = v.product_id and z.id = v.size_id and c.id = v.color_id
      returning s.id, s.email, p.id as product_id, p.name, z.name as size, c.name as color`);
    let mailed = 0;
    for (const row of claimed.rows) {
      try {
        await mailer.send({
          to: row.email,
          subject: `${row.name} is back in stock`,
          text: [
            `${row.name} (${row.color}, ${row.size}) is back in stock at ${storeName}.`,
            "",
            `Shop it here: ${publicUrl}/products/details/${row.product_id}`,
            "",
            "You asked us to tell you once: this is the only mail you get about it.",
            "",
            sign,
          ].join("\n"),
        });
        mailed++;
      } catch (error) {
        deps.log.error({ err: error, subscription: row.id }, "back-in-stock mail not queued; will retry");
        await db.update(notifySubscriptions).set({ notifiedAt: null }).where(eq(notifySubscriptions.id, row.id));
      }
    }
    if (claimed.rows.length > 0) deps.log.info({ mails: mailed }, "back-in-stock mails queued");
    return mailed;
  }

  /**
   * A catalogue write may have brought a sold-out variant back (an adjustment, a received
   * transfer or a count in the stock ledger, a product saved with stock): one job checks at
   * once, coalesced over a short burst of writes. The minute's sweep catches the rest.
   */
  let pendingCheck: NodeJS.Timeout | undefined;
  function stockMayHaveReturned(): void {
    if (pendingCheck) return;
    pendingCheck = setTimeout(() => {
      pendingCheck = undefined;
      deps.jobs.send(BACK_IN_STOCK_QUEUE, {}).catch((error: unknown) => {
        deps.log.warn({ err: error }, "could not queue the back-in-stock check; the sweep will run it");
      });
    }, 250);
    pendingCheck.unref();
  }

  deps.jobs.define<{ dropId: number }>(
    DROP_LAUNCH_QUEUE,
    async (data) => {
      await launch(data.dropId);
    },
    { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300, notify: true },
  );
  deps.jobs.every(DROP_SWEEP_QUEUE, "*/5 * * * *", sweepDrops, { retryLimit: 0, expireInSeconds: 300 });
  deps.jobs.every(
    BACK_IN_STOCK_QUEUE,
    "* * * * *",
    async () => {
      await backInStock();
    },
    { retryLimit: 0, expireInSeconds: 120 },
  );

  return { subscribe, confirm, launch, sweepDrops, backInStock, stockMayHaveReturned };
}

export type NotifyService = ReturnType<typeof notifyService>;
