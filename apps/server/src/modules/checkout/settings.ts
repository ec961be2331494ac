/**
 * Checkout's store settings (permission `settings`): delivery zones, tax rates by region,
 * the payment methods on offer, the return window and the card hold. Whether Stripe is
 * configured comes from the environment, never from here.
 */
import type {
  CheckoutSettings,
  CheckoutSettingsInput,
  DeliveryZone,
  DeliveryZoneInput,
  TaxRate,
  TaxRateInput,
} from "@atelier/contract";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { deliveryZones, storeSettings, taxRates } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";

type ZoneInput = z.output<typeof DeliveryZoneInput>;
type RateInput = z.output<typeof TaxRateInput>;
type SettingsInput = z.output<typeof CheckoutSettingsInput>;

const zoneColumns = {
  id: deliveryZones.id,
  name: deliveryZones.name,
  description: deliveryZones.description,
  fee: deliveryZones.fee,
  freeOver: deliveryZones.freeOver,
  estimate: deliveryZones.estimate,
  isActive: deliveryZones.isActive,
  sortOrder: deliveryZones.sortOrder,
};
const taxColumns = {
  id: taxRates.id,
  name: taxRates.name,
  region: taxRates.region,
  rateBasisPoints: taxRates.rateBasisPoints,
  appliesToDelivery: taxRates.appliesToDelivery,
  isActive: taxRates.isActive,
};

export interface PaymentSettings {
  cashOnDelivery: { enabled: boolean };
  manualTransfer: { enabled: boolean; title: string; instructions: string };
  returnWindowDays: number;
  cardHoldMinutes: number;
  currency: string;
  country: string;
  timeZone: string;
}

const defaults: PaymentSettings = {
  cashOnDelivery: { enabled: true },
  manualTransfer: { enabled: true, title: "Mobile money or bank transfer", instructions: "" },
  returnWindowDays: 14,
  cardHoldMinutes: 30,
  currency: "USD",
  country: "US",
  timeZone: "UTC",
};

/**
 * The same three reads as `payments()`, `activeZone()` and `rateFor()` as JSON-valued SQL
 * expressions, for the place-order transaction's one read (ADR 0017); `fromPlacementRead`
 * turns its answers into the same values the functions answer.
 */
export function regionCandidates(country: string, region: string): string[] {
  const regionCode = region
    .trim()
    .toUpperCase()
    .replace(/^[A-Z]{2}-/, "");
  const candidates = [country.toUpperCase()];
  if (/^[A-Z0-9]{1,3}$/.test(regionCode)) candidates.push(`${country.toUpperCase()}-${regionCode}`);
  return candidates;
}

export const placementSettingsSql = {
  payments: sql`(select json_build_object('payments', s.payments, 'returnWindowDays', s.return_window_days,
      'cardHoldMinutes', s.card_hold_minutes, 'currency', s.currency, 'country', s.country, 'timeZone', s.time_zone)
    from store_settings s limit 1)`,
  zone: (id: number) => sql`(select json_build_object('id', z.id, 'name', z.name, 'description', z.description,
      'fee', z.fee, 'freeOver', z.free_over, 'estimate', z.estimate, 'isActive', z.is_active, 'sortOrder', z.sort_order)
    from delivery_zones z where z.id = ${id} and z.is_active)`,
  rate: (country: string, region: string) => sql`(select json_build_object('id', t.id, 'name', t.name,
      'region', t.region, 'rateBasisPoints', t.rate_basis_points, 'appliesToDelivery', t.applies_to_delivery,
      'isActive', t.is_active)
    from tax_rates t where t.region in (${sql.join(
      regionCandidates(country, region).map((candidate) => sql`${candidate}`),
      sql`, `,
    )}) and t.is_active order by length(t.region) desc limit 1)`,
};

export function paymentsFromRead(row: unknown): PaymentSettings {
  if (!row) return defaults;
  const { payments: methods, ...rest } = row as Omit<PaymentSettings, "cashOnDelivery" | "manualTransfer"> & {
    payments: Pick<PaymentSettings, "cashOnDelivery" | "manualTransfer">;
  };
  return { ...methods, ...rest };
}

export function checkoutSettingsService(db: Db, config: Pick<Config, "stripe">) {
  const zoneTaken = (name: string) =>
    new ConflictError(`A delivery zone named "${name}" already exists. Choose another name.`, {
      name: "is already used by another zone",
    });
  const regionTaken = (region: string) =>
    new ConflictError(`The region ${region} already has a tax rate. Edit that one instead.`, {
      region: "already has a tax rate",
    });

  async function unique<T>(run: () => Promise<T>, conflict: () => ConflictError): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }

  async function payments(tx: Db | Tx = db): Promise<PaymentSettings> {
    const [row] = await tx
      .select({
        payments: storeSettings.payments,
        returnWindowDays: storeSettings.returnWindowDays,
        cardHoldMinutes: storeSettings.cardHoldMinutes,
        currency: storeSettings.currency,
        country: storeSettings.country,
        timeZone: storeSettings.timeZone,
      })
      .from(storeSettings)
      .limit(1);
    if (!row) return defaults;
    const { payments: methods, ...rest } = row;
    return { ...methods, ...rest };
  }

  const stripeConfigured = () => Boolean(config.stripe.secretKey);

  return {
    stripeConfigured,
    payments,

    listZones(tx: Db | Tx = db): Promise<DeliveryZone[]> {
      return tx.select(zoneColumns).from(deliveryZones).orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id));
    },
    async activeZone(id: number, tx: Db | Tx = db): Promise<DeliveryZone | undefined> {
      const [zone] = await tx.select(zoneColumns).from(deliveryZones).where(eq(deliveryZones.id, id));
      return zone?.isActive ? zone : undefined;
    },
    async createZone(input: ZoneInput, actor: ActivityActor): Promise<DeliveryZone> {
      const [row] = await unique(
        () =>
          db.transaction(async (tx) => {
            const rows = await tx.insert(deliveryZones).values(input).returning(zoneColumns);
            const [zone] = rows;
            if (zone) {
              await recordActivity(tx, {
                actor,
                action: "delivery-zone.create",
                subject: { type: "delivery-zone", id: zone.id, label: zone.name },
                after: zone,
              });
            }
            return rows;
          }),
        () => zoneTaken(input.name),
      );
      if (!row) throw new Error("zone insert returned nothing");
      return row;
    },
    async updateZone(id: number, input: ZoneInput, actor: ActivityActor): Promise<DeliveryZone> {
      const [row] = await unique(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx
              .select(zoneColumns)
              .from(deliveryZones)
              .where(eq(deliveryZones.id, id))
              .for("update");
            const rows = await tx
              .update(deliveryZones)
              .set({ ...input, updatedAt: new Date() })
              .where(eq(deliveryZones.id, id))
              .returning(zoneColumns);
            const [zone] = rows;
            if (zone) {
              await recordActivity(tx, {
                actor,
                action: "delivery-zone.update",
                subject: { type: "delivery-zone", id, label: zone.name },
                before: before ?? null,
                after: zone,
              });
            }
            return rows;
          }),
        () => zoneTaken(input.name),
      );
      if (!row) throw new NotFoundError("That delivery zone does not exist.");
      return row;
    },
    async deleteZone(id: number, actor: ActivityActor): Promise<{ deleted: true }> {
      await db.transaction(async (tx) => {
        const [zone] = await tx.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning(zoneColumns);
        if (!zone) throw new NotFoundError("That delivery zone does not exist.");
        await recordActivity(tx, {
          actor,
          action: "delivery-zone.delete",
          subject: { type: "delivery-zone", id, label: zone.name },
          before: zone,
        });
      });
      return { deleted: true };
    },

    listTaxRates(): Promise<TaxRate[]> {
      return db.select(taxColumns).from(taxRates).orderBy(asc(taxRates.region));
    },
    /** The most specific active rate for a destination: "US-CA", then "US"; null when none. */
    async rateFor(country: string, region: string, tx: Db | Tx = db): Promise<TaxRate | null> {
      const candidates = regionCandidates(country, region);
      const rows = await tx
        .select(taxColumns)
        .from(taxRates)
        .where(sql`${inArray(taxRates.region, candidates)} and ${taxRates.isActive}`)
        .orderBy(desc(sql`length(${taxRates.region})`))
        .limit(1);
      return rows[0] ?? null;
    },
    async createTaxRate(input: RateInput, actor: ActivityActor): Promise<TaxRate> {
      const [row] = await unique(
        () =>
          db.transaction(async (tx) => {
            const rows = await tx.insert(taxRates).values(input).returning(taxColumns);
            const [rate] = rows;
            if (rate) {
              await recordActivity(tx, {
                actor,
                action: "tax-rate.create",
                subject: { type: "tax-rate", id: rate.id, label: rate.region },
                after: rate,
              });
            }
            return rows;
          }),
        () => regionTaken(input.region),
      );
      if (!row) throw new Error("tax insert returned nothing");
      return row;
    },
    async updateTaxRate(id: number, input: RateInput, actor: ActivityActor): Promise<TaxRate> {
      const [row] = await unique(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.select(taxColumns).from(taxRates).where(eq(taxRates.id, id)).for("update");
            const rows = await tx
              .update(taxRates)
              .set({ ...input, updatedAt: new Date() })
              .where(eq(taxRates.id, id))
              .returning(taxColumns);
            const [rate] = rows;
            if (rate) {
              await recordActivity(tx, {
                actor,
                action: "tax-rate.update",
                subject: { type: "tax-rate", id, label: rate.region },
                before: before ?? null,
                after: rate,
              });
            }
            return rows;
          }),
        () => regionTaken(input.region),
      );
      if (!row) throw new NotFoundError("That tax rate does not exist.");
      return row;
    },
    async deleteTaxRate(id: number, actor: ActivityActor): Promise<{ deleted: true }> {
      await db.transaction(async (tx) => {
        const [rate] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning(taxColumns);
        if (!rate) throw new NotFoundError("That tax rate does not exist.");
        await recordActivity(tx, {
          actor,
          action: "tax-rate.delete",
          subject: { type: "tax-rate", id, label: rate.region },
          before: rate,
        });
      });
      return { deleted: true };
    },

    async get(): Promise<CheckoutSettings> {
      const current = await payments();
      return {
        cashOnDelivery: current.cashOnDelivery,
        manualTransfer: current.manualTransfer,
        returnWindowDays: current.returnWindowDays,
        cardHoldMinutes: current.cardHoldMinutes,
        timeZone: current.timeZone,
        stripe: { configured: stripeConfigured(), webhookConfigured: Boolean(config.stripe.webhookSecret) },
      };
    },
    async update(input: SettingsInput, actor: ActivityActor): Promise<CheckoutSettings> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(storeSettings).for("update");
        const updated = await tx
          .update(storeSettings)
          .set({
            payments: { cashOnDelivery: input.cashOnDelivery, manualTransfer: input.manualTransfer },
            returnWindowDays: input.returnWindowDays,
            cardHoldMinutes: input.cardHoldMinutes,
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
            updatedAt: new Date(),
          })
          .returning({ id: storeSettings.id });
        if (updated.length === 0 || !before) {
          throw new NotFoundError("The store settings row is missing; restart the shop.");
        }
        await recordActivity(tx, {
          actor,
          action: "settings.checkout",
          subject: { type: "settings", id: "checkout", label: "Checkout and payments" },
          before: {
            cashOnDelivery: before.payments.cashOnDelivery,
            manualTransfer: before.payments.manualTransfer,
            returnWindowDays: before.returnWindowDays,
            cardHoldMinutes: before.cardHoldMinutes,
            timeZone: before.timeZone,
          },
          after: {
            cashOnDelivery: input.cashOnDelivery,
            manualTransfer: input.manualTransfer,
            returnWindowDays: input.returnWindowDays,
            cardHoldMinutes: input.cardHoldMinutes,
            timeZone: input.timeZone ?? before.timeZone,
          },
        });
      });
      return this.get();
    },
  };
}

export type CheckoutSettingsService = ReturnType<typeof checkoutSettingsService>;
