/**
 * The coupon engine checkout calls (modules/checkout/coupons.ts): looks the typed code
 * up, checks dates, eligibility and limits against the database, gathers the automatic
 * discounts that hold, and lets the pure engine (engine.ts) price them.
 *
 * Race safety: inside the place-order transaction the coupons that have limits are
 * locked (`FOR UPDATE`, in id order, after checkout's cart and variant locks) before
 * their uses are counted, and the redemption is written in the same transaction; a second
 * checkout of the same coupon waits for the first to commit and then counts its use.
 * Uses of cancelled orders (and, per coupon, refunded ones) do not count.
 */
import { couponMessages, formatMinor, minorDigits } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { couponRedemptions } from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { CheckoutLine, CouponEngine, DiscountVerdict } from "../checkout/index.ts";
import { type CodeProblem, type EngineLine, type EnginePromotion, priceDiscounts } from "./engine.ts";

interface CouponRow extends Record<string, unknown> {
  id: number;
  title: string;
  method: "code" | "automatic";
  kind: EnginePromotion["kind"];
  percent_off: number | null;
  amount_off: number | null;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_percent_off: number | null;
  applies_to: "order" | "items";
  targets: EnginePromotion["targets"];
  min_subtotal: number | null;
  min_quantity: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  eligibility: "everyone" | "signed_in" | "first_order" | "customers";
  customer_emails: string[];
  usage_limit: number | null;
  per_customer_limit: number | null;
  combines_with_order: boolean;
  combines_with_product: boolean;
  combines_with_delivery: boolean;
  release_on_refund: boolean;
  is_active: boolean;
}

interface Decision {
  codeId: number | null;
  code: string | null;
  applied: {
    couponId: number;
    /** The typed coupon (its code is recorded), not an automatic discount. */
    typed: boolean;
    title: string;
    kind: string;
    amount: number;
    freeDelivery: boolean;
    lineAmounts: number[];
  }[];
}

/** What `placementRead` answers (JSON: dates are strings; arrays are null when empty). */
interface EngineRead {
  account?: string | null;
  typed?: (CouponRow & { code_id: number; code_text: string; code_usage_limit: number | null }) | null;
  automatic?: CouponRow[] | null;
  facts?:
    | {
        id: number;
        series_id: number | null;
        product_type_id: number | null;
        sub_sub_category_id: number | null;
        sub_category_id: number | null;
        category_id: number | null;
      }[]
    | null;
  collabs?: { product_id: number; collaborator_id: number }[] | null;
}

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

function toPromotion(row: CouponRow, code: string | null): EnginePromotion {
  return {
    id: row.id,
    title: row.title,
    code,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOff: row.amount_off,
    buyQuantity: row.buy_quantity,
    getQuantity: row.get_quantity,
    getPercentOff: row.get_percent_off,
    appliesTo: row.applies_to,
    targets: row.targets,
    minSubtotal: row.min_subtotal,
    minQuantity: row.min_quantity,
    combinesWithOrder: row.combines_with_order,
    combinesWithProduct: row.combines_with_product,
    combinesWithDelivery: row.combines_with_delivery,
  };
}

const couponColumns = sql.raw(`c.id, c.title, c.method, c.kind, c.percent_off, c.amount_off, c.buy_quantity,
  c.get_quantity, c.get_percent_off, c.applies_to, c.targets, c.min_subtotal, c.min_quantity, c.starts_at, c.ends_at,
  c.eligibility, c.customer_emails, c.usage_limit, c.per_customer_limit, c.combines_with_order,
  c.combines_with_product, c.combines_with_delivery, c.release_on_refund, c.is_active`);

/** The SQL condition "this redemption's order still counts toward the coupon's limits". */
export const countsSql = sql.raw(
  `o.status <> 'cancelled' and not (c.release_on_refund and (o.status = 'refunded' or o.payment_state = 'refunded'))`,
);

export function promotionsCouponEngine(deps: { db: Db; currency: () => Promise<string> }): CouponEngine {
  const { db } = deps;

  function lineFacts(read: EngineRead, lines: readonly CheckoutLine[]): EngineLine[] {
    const facts = new Map<number, Omit<EngineLine, "productId" | "unitPrice" | "quantity" | "collaboratorIds">>();
    for (const row of read.facts ?? []) {
      facts.set(row.id, {
        seriesId: row.series_id,
        productTypeId: row.product_type_id,
        subSubCategoryId: row.sub_sub_category_id,
        subCategoryId: row.sub_category_id,
        categoryId: row.category_id,
      });
    }
    // Collab targets (issue 16): which collaborators each product belongs to.
    const collabs = new Map<number, number[]>();
    for (const row of read.collabs ?? [])
      collabs.set(row.product_id, [...(collabs.get(row.product_id) ?? []), row.collaborator_id]);
    return lines.map((line) => ({
      productId: line.productId,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      seriesId: null,
      productTypeId: null,
      subSubCategoryId: null,
      subCategoryId: null,
      categoryId: null,
      ...facts.get(line.productId),
      collaboratorIds: collabs.get(line.productId) ?? [],
    }));
  }

  /**
   * Everything `evaluate` reads before it locks and counts, as one JSON-valued SQL
   * expression: the account's email, the typed code's coupon, the automatic discounts
   * running now, and the products' facts and collaborators. The place-order transaction
   * puts it in its one read (ADR 0017); the quote and the cart estimate select it alone.
   */
  function placementRead(input: { code: string | null; lines: readonly CheckoutLine[]; shopper: Shopper }): SQL {
    const ids = `{${[...new Set(input.lines.map((line) => line.productId))].filter((id) => id > 0).join(",")}}`;
    const userId = "userId" in input.shopper ? input.shopper.userId : null;
    return sql`json_build_object(
      'account', ${userId === null ? sql`null::text` : sql`(select email from "user" where id = ${userId})`},
      'typed', ${
        input.code
          ? sql`(select row_to_json(t) from (
              select ${couponColumns}, cc.id as code_id, cc.code as code_text, cc.usage_limit as code_usage_limit
              from coupon_codes cc join coupons c on c.id = cc.coupon_id
              where upper(cc.code) = upper(${input.code}) limit 1) t)`
          : sql`null::json`
      },
      'automatic', (select json_agg(t order by t.id) from (select ${couponColumns} from coupons c
          where c.method = 'automatic' and c.is_active
            and (c.starts_at is null or c.starts_at <= now()) and (c.ends_at is null or c.ends_at > now())) t),
      'facts', (select json_agg(t) from (
          select p.id, p.series_id, p.product_type_id, p.sub_sub_category_id, ssc.sub_category_id, sc.category_id
          from products p
          left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
          left join sub_categories sc on sc.id = ssc.sub_category_id
          where p.id = any(${ids}::int[])) t),
      'collabs', (select json_agg(t) from (
          select product_id, collaborator_id from collaborator_product_ids where product_id = any(${ids}::int[])) t))`;
  }

  function who(read: EngineRead, shopper: Shopper, email: string | null) {
    const emails = new Set<string>();
    if (email) emails.add(email.trim().toLowerCase());
    let accountEmail: string | null = null;
    if ("userId" in shopper) {
      accountEmail = read.account?.toLowerCase() ?? null;
      if (accountEmail) emails.add(accountEmail);
    }
    return { userId: "userId" in shopper ? shopper.userId : null, emails: [...emails], accountEmail };
  }

  async function uses(
    tx: Db | Tx,
    couponId: number,
    codeId: number | null,
    person: { userId: string | null; emails: string[] },
  ): Promise<{ used: number; codeUsed: number; mine: number }> {
    const emails = person.emails.length > 0 ? person.emails : [""];
    const { rows } = await tx.execute<{ used: number; code_used: number; mine: number }>(sql`
      select count(*)::int as used,
             count(*) filter (where r.code_id = ${codeId ?? 0})::int as code_used,
             count(*) filter (where r.user_id = ${person.userId ?? ""} or r.email in (${sql.join(
               emails.map((value) => sql`${value}`),
               sql`, `,
             )}))::int as mine
      from coupon_redemptions r
      join buying_history o on o.id = r.order_id
      join coupons c on c.id = r.coupon_id
      where r.coupon_id = ${couponId} and ${countsSql}`);
    const row = rows[0];
    return { used: row?.used ?? 0, codeUsed: row?.code_used ?? 0, mine: row?.mine ?? 0 };
  }

  async function hasOrdered(tx: Db | Tx, person: { userId: string | null; emails: string[] }): Promise<boolean> {
    const emails = person.emails.length > 0 ? person.emails : [""];
    const { rows } = await tx.execute(sql`select 1 from buying_history
      where not is_draft and status <> 'cancelled'
        and (user_id = ${person.userId ?? ""} or lower(email) in (${sql.join(
          emails.map((value) => sql`${value}`),
          sql`, `,
        )}))
      limit 1`);
    return rows.length > 0;
  }

  /** Null when the shopper may use the coupon now; else the message. */
  async function refusal(
    tx: Db | Tx,
    row: CouponRow,
    codeRow: { id: number; usage_limit: number | null } | null,
    person: { userId: string | null; emails: string[]; accountEmail: string | null },
    now: number,
  ): Promise<string | null> {
    const starts = time(row.starts_at);
    const ends = time(row.ends_at);
    if (starts !== null && now < starts) return couponMessages.notYetValid;
    if (ends !== null && now >= ends) return couponMessages.expired;
    if (row.eligibility === "signed_in" && !person.userId) return couponMessages.signInRequired;
    if (row.eligibility === "customers") {
      if (!person.userId) return couponMessages.signInRequired;
      if (!person.accountEmail || !row.customer_emails.includes(person.accountEmail))
        return couponMessages.notForCustomer;
    }
    if (row.eligibility === "first_order" && (await hasOrdered(tx, person))) return couponMessages.firstOrderOnly;
    if (row.usage_limit !== null || row.per_customer_limit !== null || codeRow?.usage_limit != null) {
      const count = await uses(tx, row.id, codeRow?.id ?? null, person);
      if (row.per_customer_limit !== null && count.mine >= row.per_customer_limit) return couponMessages.alreadyUsed;
      if (row.usage_limit !== null && count.used >= row.usage_limit) return couponMessages.usedUp;
      if (codeRow && codeRow.usage_limit !== null && count.codeUsed >= codeRow.usage_limit)
        return couponMessages.usedUp;
    }
    return null;
  }

  /** The redemption rows an order placed with this verdict keeps (checkout writes them with the order). */
  function redemptions({ verdict, shopper, email }: { verdict: DiscountVerdict; shopper: Shopper; email: string }) {
    const decision = verdict.decision as Decision | undefined;
    if (!decision) return [];
    return decision.applied.map((entry) => ({
      couponId: entry.couponId,
      codeId: entry.typed ? decision.codeId : null,
      code: entry.typed ? decision.code : null,
      userId: "userId" in shopper ? shopper.userId : null,
      email: email.trim().toLowerCase(),
      amount: entry.amount,
      freeDelivery: entry.freeDelivery,
      detail: { title: entry.title, kind: entry.kind, lineAmounts: entry.lineAmounts },
    }));
  }

  async function problemMessage(problem: CodeProblem): Promise<string> {
    if (problem.reason === "minimum_quantity") return couponMessages.minimumQuantity(problem.minQuantity);
    if (problem.reason === "no_items") return couponMessages.noItems;
    const currency = await deps.currency();
    return couponMessages.minimumSubtotal(`${currency} ${formatMinor(problem.minSubtotal, minorDigits(currency))}`);
  }

  return {
    placementRead,

    async evaluate({ code, lines, shopper, email, tx, read }): Promise<DiscountVerdict> {
      const handle = tx ?? db;
      const now = Date.now();
      const facts: EngineRead =
        (read as EngineRead | undefined) ??
        (await handle.execute<{ read: EngineRead }>(sql`select ${placementRead({ code, lines, shopper })} as read`))
          .rows[0]?.read ??
        {};
      const person = who(facts, shopper, email);

      // The typed code and the automatic discounts that may apply.
      const typed = code ? (facts.typed ?? undefined) : undefined;
      const automatic = facts.automatic ?? [];

      // Lock what has limits before counting, in id order (the placement transaction only).
      if (tx) {
        const limited = [
          ...(typed && typed.method === "code" && typed.is_active ? [typed] : []),
          ...automatic.filter((row) => row.usage_limit !== null || row.per_customer_limit !== null),
        ]
          .map((row) => row.id)
          .sort((a, b) => a - b);
        if (limited.length > 0) {
          await tx.execute(
            sql`select id from coupons where id in (${sql.join(
              limited.map((id) => sql`${id}`),
              sql`, `,
            )}) order by id for update`,
          );
        }
      }

      let couponMessage: string | null = null;
      let couponPromotion: EnginePromotion | null = null;
      const codeText = code ? code.toUpperCase() : null;
      if (codeText) {
        if (typed?.method !== "code" || !typed.is_active) couponMessage = couponMessages.unknown;
        else {
          // Re-read the coupon after the lock: an edit that committed meanwhile is what applies.
          const current = tx
            ? ((await tx.execute<CouponRow>(sql`select ${couponColumns} from coupons c where c.id = ${typed.id}`))
                .rows[0] ?? typed)
            : typed;
          couponMessage = current.is_active
            ? await refusal(handle, current, { id: typed.code_id, usage_limit: typed.code_usage_limit }, person, now)
            : couponMessages.unknown;
          if (!couponMessage) couponPromotion = toPromotion(current, typed.code_text);
        }
      }
      const usable: EnginePromotion[] = [];
      for (const row of automatic) {
        if (typed && row.id === typed.id) continue;
        if ((await refusal(handle, row, null, person, now)) === null) usable.push(toPromotion(row, null));
      }

      const engineLines = lineFacts(facts, lines);
      const result = priceDiscounts({ lines: engineLines, coupon: couponPromotion, automatic: usable });
      if (couponPromotion && result.codeProblem) couponMessage = await problemMessage(result.codeProblem);
      const couponApplied = couponPromotion
        ? result.applied.find((entry) => entry.promotion.id === couponPromotion.id)
        : undefined;
      const decision: Decision = {
        codeId: couponApplied && typed ? typed.code_id : null,
        code: couponApplied && typed ? typed.code_text : null,
        applied: result.applied.map((entry) => ({
          couponId: entry.promotion.id,
          typed: entry.promotion.code !== null,
          title: entry.promotion.title,
          kind: entry.promotion.kind,
          amount: entry.amount,
          freeDelivery: entry.freeDelivery,
          lineAmounts: entry.lineAmounts,
        })),
      };
      return {
        coupon: codeText
          ? {
              code: codeText,
              valid: couponApplied !== undefined,
              discount: couponApplied?.amount ?? 0,
              message: couponApplied ? couponMessages.applied : (couponMessage ?? couponMessages.unknown),
            }
          : null,
        discount: result.discount,
        freeDelivery: result.freeDelivery,
        lineDiscounts: result.lineDiscounts,
        discounts: result.applied.map((entry) => ({
          title: entry.promotion.title,
          code: entry.promotion.code,
          amount: entry.amount,
          freeDelivery: entry.freeDelivery,
        })),
        decision,
      };
    },

    redemptions,

    async record({ orderId, verdict, shopper, email, tx }) {
      const rows = redemptions({ verdict, shopper, email });
      if (rows.length === 0) return;
      await tx.insert(couponRedemptions).values(rows.map((row) => ({ ...row, orderId })));
    },
  };
}
