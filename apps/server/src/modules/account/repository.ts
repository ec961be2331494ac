/** SQL for the customer dashboard: profile, saved addresses, wishlist summary, open requests. */
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  addresses,
  buyingHistory,
  customerProfiles,
  orderRequests,
  products,
  users,
  wishlistItems,
} from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";
import { ownedBy } from "../orders/index.ts";

type Conn = Db | Tx;
export type AddressRow = typeof addresses.$inferSelect;
export type AddressInput = Omit<typeof addresses.$inferInsert, "id" | "userId" | "createdAt" | "updatedAt">;

export function accountRepository(db: Db) {
  return {
    async profile(userId: string, tx: Conn = db) {
      const [row] = await tx
        .select({ name: users.name, email: users.email, phone: sql<string>`coalesce(${customerProfiles.phone}, '')` })
        .from(users)
        .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    async updateProfile(userId: string, input: { name: string; phone: string }) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, userId));
        await tx
          .insert(customerProfiles)
          .values({ userId, phone: input.phone })
          .onConflictDoUpdate({ target: customerProfiles.userId, set: { phone: input.phone, updatedAt: new Date() } });
      });
    },

    addresses(userId: string, tx: Conn = db) {
      return tx
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.id));
    },

    async address(userId: string, id: number, tx: Conn = db) {
      const [row] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      return row;
    },

    /** Locks the user's address book, so two saves never leave two defaults or none. */
    async lockBook(userId: string, tx: Tx) {
      await tx.execute(sql`select id from ${addresses} where ${addresses.userId} = ${userId} for update`);
      const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return row?.n ?? 0;
    },

    async clearDefault(userId: string, tx: Tx, except?: number) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(
          and(
            eq(addresses.userId, userId),
            eq(addresses.isDefault, true),
            except ? ne(addresses.id, except) : undefined,
          ),
        );
    },

    async insertAddress(userId: string, input: AddressInput, tx: Tx) {
      const [row] = await tx
        .insert(addresses)
        .values({ ...input, userId })
        .returning();
      if (!row) throw new Error("address insert returned nothing");
      return row;
    },

    async updateAddress(userId: string, id: number, input: AddressInput, tx: Tx) {
      const [row] = await tx
        .update(addresses)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row;
    },

    async deleteAddress(userId: string, id: number, tx: Tx) {
      const [row] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row;
    },

    /** The oldest remaining address becomes the default when the default is deleted. */
    async promoteFirst(userId: string, tx: Tx) {
      const [first] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.id))
        .limit(1);
      if (first) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, first.id));
    },

    async wishlist(shopper: Shopper, limit: number) {
      const owner =
        "userId" in shopper ? eq(wishlistItems.userId, shopper.userId) : eq(wishlistItems.guestId, shopper.guestId);
      const [items, [total]] = await Promise.all([
        db
          .select({
            productId: products.id,
            name: products.name,
            filename: sql<
              string | null
            >`(select i.filename from product_images i where i.product_id = "products"."id" order by i.position, i.id limit 1)`,
          })
          .from(wishlistItems)
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .where(and(owner, eq(products.isPublished, true)))
          .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
          .limit(limit),
        db
          .select({ n: count() })
          .from(wishlistItems)
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .where(and(owner, eq(products.isPublished, true))),
      ]);
      return { count: total?.n ?? 0, items };
    },

    openRequests(shopper: Shopper) {
      return db
        .select({ request: orderRequests, orderNumber: buyingHistory.number })
        .from(orderRequests)
        .innerJoin(buyingHistory, eq(buyingHistory.id, orderRequests.historyId))
        .where(and(ownedBy(shopper), eq(buyingHistory.isDraft, false), eq(orderRequests.status, "open")))
        .orderBy(desc(orderRequests.createdAt));
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
