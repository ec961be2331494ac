/**
 * The customer dashboard's rules: a profile of one's own, an address book with exactly
 * one default while it has addresses, and an overview that guests get too. Another
 * customer's address is a 404, never a 403: nothing about it is revealed.
 */
import type { AccountOverview, AddressBody, Profile, SavedAddress } from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { OrdersRepository } from "../orders/index.ts";
import { requestView } from "../orders/index.ts";
import type { AccountRepository, AddressRow } from "./repository.ts";

type AddressInput = z.output<typeof AddressBody>;

const view = (row: AddressRow): SavedAddress => ({
  id: row.id,
  label: row.label,
  fullName: row.fullName,
  phone: row.phone,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  deliveryZoneId: row.deliveryZoneId,
  isDefault: row.isDefault,
});

export function accountService(deps: { db: Db; repo: AccountRepository; orders: OrdersRepository }) {
  const { db, repo, orders } = deps;
  return {
    async profile(userId: string): Promise<Profile> {
      const profile = await repo.profile(userId);
      if (!profile) throw new NotFoundError("No such account.");
      return profile;
    },

    async updateProfile(userId: string, input: { name: string; phone: string }): Promise<Profile> {
      await repo.updateProfile(userId, input);
      return this.profile(userId);
    },

    async addresses(userId: string): Promise<SavedAddress[]> {
      return (await repo.addresses(userId)).map(view);
    },

    async createAddress(userId: string, input: AddressInput): Promise<SavedAddress> {
      return view(
        await db.transaction(async (tx) => {
          const existing = await repo.lockBook(userId, tx);
          const isDefault = input.isDefault || existing === 0;
          if (isDefault) await repo.clearDefault(userId, tx);
          return repo.insertAddress(userId, { ...input, isDefault }, tx);
        }),
      );
    },

    async updateAddress(userId: string, id: number, input: AddressInput): Promise<SavedAddress> {
      return view(
        await db.transaction(async (tx) => {
          await repo.lockBook(userId, tx);
          const current = await repo.address(userId, id, tx);
          if (!current) throw new NotFoundError("No such address.");
          // The default stays the default until another one is chosen.
          const isDefault = input.isDefault || current.isDefault;
          if (isDefault) await repo.clearDefault(userId, tx, id);
          const row = await repo.updateAddress(userId, id, { ...input, isDefault }, tx);
          if (!row) throw new NotFoundError("No such address.");
          return row;
        }),
      );
    },

    async deleteAddress(userId: string, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockBook(userId, tx);
        const row = await repo.deleteAddress(userId, id, tx);
        if (!row) throw new NotFoundError("No such address.");
        if (row.isDefault) await repo.promoteFirst(userId, tx);
      });
    },

    async overview(shopper: Shopper): Promise<AccountOverview> {
      const [recent, wishlist, requests] = await Promise.all([
        orders.page(shopper, 1, 5),
        repo.wishlist(shopper, 4),
        repo.openRequests(shopper),
      ]);
      return {
        kind: "userId" in shopper ? "user" : "guest",
        recentOrders: recent.rows.map(({ id: _id, placedAt, ...row }) => ({
          ...row,
          placedAt: placedAt.toISOString(),
        })),
        orderCount: recent.total,
        wishlist,
        openRequests: requests.map(({ request, orderNumber }) => ({ ...requestView(request), orderNumber })),
      };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
