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
import { ConflictError, NotFoundError } from "../../errors.ts";
import { isUniqueViolation } from "../taxonomy-admin/naming.ts";

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
}

const defaults: PaymentSettings = {
  cashOnDelivery: { enabled: true },
  manualTransfer: { enabled: true, title: "Mobile money or bank transfer", instructions: "" },
  returnWindowDays: 14,
  cardHoldMinutes: 30,
  currency: "USD",
  country: "US",
};

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
    async createZone(input: ZoneInput): Promise<DeliveryZone> {
      const [row] = await unique(
        () => db.insert(deliveryZones).values(input).returning(zoneColumns),
        () => zoneTaken(input.name),
      );
      if (!row) throw new Error("zone insert returned nothing");
      return row;
    },
    async updateZone(id: number, input: ZoneInput): Promise<DeliveryZone> {
      const [row] = await unique(
        () =>
          db
            .update(deliveryZones)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(deliveryZones.id, id))
            .returning(zoneColumns),
        () => zoneTaken(input.name),
      );
      if (!row) throw new NotFoundError("That delivery zone does not exist.");
      return row;
    },
    async deleteZone(id: number): Promise<{ deleted: true }> {
      const rows = await db.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning({ id: deliveryZones.id });
      if (rows.length === 0) throw new NotFoundError("That delivery zone does not exist.");
      return { deleted: true };
    },

    listTaxRates(): Promise<TaxRate[]> {
      return db.select(taxColumns).from(taxRates).orderBy(asc(taxRates.region));
    },
    /** The most specific active rate for a destination: "US-CA", then "US"; null when none. */
    async rateFor(country: string, region: string, tx: Db | Tx = db): Promise<TaxRate | null> {
      const regionCode = region
        .trim()
        .toUpperCase()
        .replace(/^[A-Z]{2}-/, "");
      const candidates = [country.toUpperCase()];
      if (/^[A-Z0-9]{1,3}$/.test(regionCode)) candidates.push(`${country.toUpperCase()}-${regionCode}`);
      const rows = await tx
        .select(taxColumns)
        .from(taxRates)
        .where(sql`${inArray(taxRates.region, candidates)} and ${taxRates.isActive}`)
        .orderBy(desc(sql`length(${taxRates.region})`))
        .limit(1);
      return rows[0] ?? null;
    },
    async createTaxRate(input: RateInput): Promise<TaxRate> {
      const [row] = await unique(
        () => db.insert(taxRates).values(input).returning(taxColumns),
        () => regionTaken(input.region),
      );
      if (!row) throw new Error("tax insert returned nothing");
      return row;
    },
    async updateTaxRate(id: number, input: RateInput): Promise<TaxRate> {
      const [row] = await unique(
        () =>
          db
            .update(taxRates)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(taxRates.id, id))
            .returning(taxColumns),
        () => regionTaken(input.region),
      );
      if (!row) throw new NotFoundError("That tax rate does not exist.");
      return row;
    },
    async deleteTaxRate(id: number): Promise<{ deleted: true }> {
      const rows = await db.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
      if (rows.length === 0) throw new NotFoundError("That tax rate does not exist.");
      return { deleted: true };
    },

    async get(): Promise<CheckoutSettings> {
      const current = await payments();
      return {
        cashOnDelivery: current.cashOnDelivery,
        manualTransfer: current.manualTransfer,
        returnWindowDays: current.returnWindowDays,
        cardHoldMinutes: current.cardHoldMinutes,
        stripe: { configured: stripeConfigured(), webhookConfigured: Boolean(config.stripe.webhookSecret) },
      };
    },
    async update(input: SettingsInput): Promise<CheckoutSettings> {
      const updated = await db
        .update(storeSettings)
        .set({
          payments: { cashOnDelivery: input.cashOnDelivery, manualTransfer: input.manualTransfer },
          returnWindowDays: input.returnWindowDays,
          cardHoldMinutes: input.cardHoldMinutes,
          updatedAt: new Date(),
        })
        .returning({ id: storeSettings.id });
      if (updated.length === 0) throw new NotFoundError("The store settings row is missing; restart the shop.");
      return this.get();
    },
  };
}

export type CheckoutSettingsService = ReturnType<typeof checkoutSettingsService>;
