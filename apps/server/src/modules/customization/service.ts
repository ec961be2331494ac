/**
 * Customization requests (issue 7). Shoppers (users or guests) create them and see only
 * their own (another's is a 404); staff check, quote or reject them. Every change is one
 * conditional UPDATE on (id, version): a stale version answers 409, so two staff acting at
 * once never both win. Quotes and rejections are mailed after the change commits.
 *
 * Status: new → quoted (staff) → accepted (shopper) → ordered (checkout places the order);
 * new|quoted → rejected (staff); new|quoted|accepted → cancelled (shopper). A quoted
 * request can be quoted again (a new price) until the shopper accepts it.
 */
import type { CreateCustomizationBody, CustomizationRequest } from "@atelier/contract";
import { formatMinor, minorDigits } from "@atelier/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  buyingHistory,
  type CustomizationStatus,
  customizationRequests,
  products,
  productTypes,
  storeSettings,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import type { Mailer, MailMessage } from "../mail/index.ts";

type CreateInput = z.output<typeof CreateCustomizationBody>;
type Row = typeof customizationRequests.$inferSelect;

export const STALE_REQUEST = "This request changed since you opened it. Reload to see the latest.";

interface Deps {
  db: Db;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
}

export function customizationService({ db, mailer, storeName, publicUrl }: Deps) {
  const owner = (shopper: Shopper): SQL =>
    "userId" in shopper
      ? eq(customizationRequests.userId, shopper.userId)
      : eq(customizationRequests.guestId, shopper.guestId);

  async function currency(): Promise<string> {
    const [row] = await db.select({ currency: storeSettings.currency }).from(storeSettings).limit(1);
    return row?.currency ?? "USD";
  }

  async function views(where: SQL | undefined, order: SQL[]): Promise<CustomizationRequest[]> {
    const rows = await db
      .select({
        request: customizationRequests,
        productName: products.name,
        productTypeName: productTypes.name,
        orderNumber: buyingHistory.number,
      })
      .from(customizationRequests)
      .leftJoin(products, eq(products.id, customizationRequests.productId))
      .leftJoin(productTypes, eq(productTypes.id, customizationRequests.productTypeId))
      .leftJoin(buyingHistory, eq(buyingHistory.id, customizationRequests.resultingOrderId))
      .where(where)
      .orderBy(...order);
    const shopCurrency = await currency();
    return rows.map(({ request: r, productName, productTypeName, orderNumber }) => ({
      id: r.id,
      isChecked: r.isChecked,
      checkedDate: r.checkedDate?.toISOString() ?? null,
      status: r.status,
      contactName: r.contactName,
      contactEmail: r.contactEmail,
      contactPhone: r.contactPhone,
      productId: r.productId,
      productName: productName ?? null,
      productTypeId: r.productTypeId,
      productTypeName: productTypeName ?? null,
      size: r.size,
      color: r.color,
      quantity: r.quantity,
      description: r.description,
      images: r.images,
      currency: shopCurrency,
      quotePrice: r.quotePrice,
      quoteDeliveryTime: r.quoteDeliveryTime,
      quoteNote: r.quoteNote,
      rejectionReason: r.rejectionReason,
      orderNumber: orderNumber ?? null,
      version: r.version,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  async function viewOf(id: number): Promise<CustomizationRequest> {
    const [view] = await views(eq(customizationRequests.id, id), []);
    if (!view) throw new NotFoundError("No such customization request.");
    return view;
  }

  /**
   * The one way a request changes: the row must still be at `version` and in one of `from`
   * (else 404 when it is not there at all or not the caller's, 409 otherwise).
   */
  async function change(
    id: number,
    scope: SQL | undefined,
    expected: { version: number; from: readonly CustomizationStatus[] },
    set: Partial<typeof customizationRequests.$inferInsert>,
    /** Runs on the change's transaction (the customer's mail: it commits with the change, ADR 0008). */
    andThen?: (tx: Tx, row: Row) => Promise<unknown>,
  ): Promise<Row> {
    if (andThen) {
      return db.transaction(async (tx) => {
        const row = await changeOn(tx, id, scope, expected, set);
        await andThen(tx, row);
        return row;
      });
    }
    return changeOn(db, id, scope, expected, set);
  }

  async function changeOn(
    conn: Db | Tx,
    id: number,
    scope: SQL | undefined,
    expected: { version: number; from: readonly CustomizationStatus[] },
    set: Partial<typeof customizationRequests.$inferInsert>,
  ): Promise<Row> {
    const [updated] = await conn
      .update(customizationRequests)
      .set({ ...set, version: sql`${customizationRequests.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(customizationRequests.id, id),
          scope,
          eq(customizationRequests.version, expected.version),
          inArray(customizationRequests.status, [...expected.from]),
        ),
      )
      .returning();
    if (updated) return updated;
    const [current] = await conn
      .select({ status: customizationRequests.status, version: customizationRequests.version })
      .from(customizationRequests)
      .where(and(eq(customizationRequests.id, id), scope));
    if (!current) throw new NotFoundError("No such customization request.");
    if (current.version !== expected.version) throw new ConflictError(STALE_REQUEST);
    throw new ConflictError(`This request is ${current.status} and cannot be changed that way.`);
  }

  function requestUrl(id: number): string {
    return new URL(`/customization/${id}`, publicUrl).toString();
  }

  function mail(to: string, subject: string, lines: string[]): MailMessage {
    const text = [...lines, "", `— ${storeName}`].join("\n");
    const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5">${lines
      .filter((line) => line !== "")
      .map((line) => `<p style="margin:4px 0">${escapeHtml(line)}</p>`)
      .join("")}<p>— ${escapeHtml(storeName)}</p></body></html>`;
    return { to, subject, text, html };
  }

  return {
    async options(): Promise<{ productTypes: { id: number; name: string }[] }> {
      const types = await db
        .select({ id: productTypes.id, name: productTypes.name })
        .from(productTypes)
        .orderBy(asc(productTypes.name));
      return { productTypes: types };
    },

    async create(shopper: Shopper, input: CreateInput): Promise<CustomizationRequest> {
      if (input.productId !== null) {
        const [product] = await db
          .select({ id: products.id, isPublished: products.isPublished })
          .from(products)
          .where(eq(products.id, input.productId));
        if (!product?.isPublished) throw new ValidationError("That product is not sold.", { productId: "is not sold" });
      }
      if (input.productTypeId !== null) {
        const [type] = await db
          .select({ id: productTypes.id })
          .from(productTypes)
          .where(eq(productTypes.id, input.productTypeId));
        if (!type) throw new ValidationError("That product type does not exist.", { productTypeId: "does not exist" });
      }
      const [row] = await db
        .insert(customizationRequests)
        .values({
          ...("userId" in shopper ? { userId: shopper.userId } : { guestId: shopper.guestId }),
          contactName: input.contact.name,
          contactEmail: input.contact.email,
          contactPhone: input.contact.phone,
          productId: input.productId,
          productTypeId: input.productTypeId,
          size: input.size,
          color: input.color,
          quantity: input.quantity,
          description: input.description,
          images: input.images,
        })
        .returning({ id: customizationRequests.id });
      if (!row) throw new Error("customization insert returned nothing");
      return viewOf(row.id);
    },

    mine(shopper: Shopper): Promise<CustomizationRequest[]> {
      return views(owner(shopper), [desc(customizationRequests.id)]);
    },

    async one(shopper: Shopper, id: number): Promise<CustomizationRequest> {
      const [view] = await views(and(eq(customizationRequests.id, id), owner(shopper)), []);
      if (!view) throw new NotFoundError("No such customization request.");
      return view;
    },

    async accept(shopper: Shopper, id: number, version: number): Promise<CustomizationRequest> {
      const row = await change(id, owner(shopper), { version, from: ["quoted"] }, { status: "accepted" });
      return viewOf(row.id);
    },

    async cancel(shopper: Shopper, id: number, version: number): Promise<CustomizationRequest> {
      const row = await change(
        id,
        owner(shopper),
        { version, from: ["new", "quoted", "accepted"] },
        { status: "cancelled" },
      );
      return viewOf(row.id);
    },

    /** The spec's sort: unchecked first, then id descending. */
    all(): Promise<CustomizationRequest[]> {
      return views(undefined, [asc(customizationRequests.isChecked), desc(customizationRequests.id)]);
    },

    byId: viewOf,

    async check(id: number, version: number, isChecked: boolean, actor: ActivityActor): Promise<CustomizationRequest> {
      const row = await change(
        id,
        undefined,
        { version, from: ["new", "quoted", "rejected", "accepted", "ordered", "cancelled"] },
        { isChecked, checkedDate: isChecked ? new Date() : null },
        (tx, row) =>
          recordActivity(tx, {
            actor,
            action: isChecked ? "customization.check" : "customization.uncheck",
            subject: { type: "customization", id: row.id, label: `Request #${row.id}` },
            after: { isChecked },
          }),
      );
      return viewOf(row.id);
    },

    async quote(
      id: number,
      input: { version: number; price: number; deliveryTime: string; note: string },
      actor: ActivityActor,
    ): Promise<CustomizationRequest> {
      const { currency } = await viewOf(id);
      const money = (minor: number) => `${formatMinor(minor, minorDigits(currency))} ${currency}`;
      const row = await change(
        id,
        undefined,
        { version: input.version, from: ["new", "quoted"] },
        {
          status: "quoted",
          quotePrice: input.price,
          quoteDeliveryTime: input.deliveryTime,
          quoteNote: input.note,
          rejectionReason: null,
        },
        async (tx, row) => {
          await recordActivity(tx, {
            actor,
            action: "customization.quote",
            subject: { type: "customization", id: row.id, label: `Request #${row.id}` },
            after: { status: "quoted", price: input.price, deliveryTime: input.deliveryTime, note: input.note },
          });
          await mailer.send(
            mail(row.contactEmail, `Your ${storeName} customization request #${row.id}: a quote`, [
              `Hello ${row.contactName},`,
              "",
              `We can make your request #${row.id}.`,
              `Price: ${money(input.price)} each, ${money(input.price * row.quantity)} for ${row.quantity}.`,
              `Delivery time: ${input.deliveryTime}.`,
              ...(input.note ? [input.note] : []),
              "",
              "Accept the quote and pay for it here:",
              requestUrl(row.id),
            ]),
            { tx },
          );
        },
      );
      return viewOf(row.id);
    },

    async reject(
      id: number,
      input: { version: number; reason: string },
      actor: ActivityActor,
    ): Promise<CustomizationRequest> {
      const row = await change(
        id,
        undefined,
        { version: input.version, from: ["new", "quoted"] },
        { status: "rejected", rejectionReason: input.reason },
        async (tx, row) => {
          await recordActivity(tx, {
            actor,
            action: "customization.reject",
            subject: { type: "customization", id: row.id, label: `Request #${row.id}` },
            after: { status: "rejected", reason: input.reason },
          });
          await mailer.send(
            mail(row.contactEmail, `Your ${storeName} customization request #${row.id}`, [
              `Hello ${row.contactName},`,
              "",
              `Sorry, we cannot take on your customization request #${row.id}.`,
              `Reason: ${input.reason}`,
              "",
              requestUrl(row.id),
            ]),
            { tx },
          );
        },
      );
      return viewOf(row.id);
    },
  };
}

export type CustomizationService = ReturnType<typeof customizationService>;
