/** Building blocks shared by the domain contracts. */
import { z } from "zod";

/** A database id in a path or query: digits only, within PostgreSQL's integer range. */
export const IdParam = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .positive({ error: "must be a positive number" })
  .max(2_147_483_647, { error: "is too large" });

export const Id = z.number().int().positive();

/** Money is always integer minor units (cents) with the ISO 4217 currency beside it. */
export const MinorUnits = z.number().int().nonnegative();
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, { error: "must be an ISO 4217 code" });

/** Whether this runtime knows the IANA time zone (e.g. "Europe/Paris"); "UTC" always. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name.length <= 64;
  } catch {
    return false;
  }
}

/** An IANA time zone name, such as "Europe/Paris" or "UTC". */
export const TimeZone = z
  .string()
  .trim()
  .refine(isTimeZone, { error: "must be a time zone such as Europe/Paris or UTC" });

/** An image stored by the media pipeline, served by /api/admin/getimage/{filename}. */
export const ImageFilename = z.string().min(1).max(200);

/** The `:id` of a record's path. */
export const IdParams = z.object({ id: IdParam });

/** The version a staff change sends back with a record: a stale one answers 409. */
export const VersionField = z.number({ error: "is required" }).int().positive();

/** A query field that an empty value (`?q=`) leaves out, as if it were not sent. */
export const optionalQueryField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A list's `page` and `pageSize` query fields: its largest page size and its default one. */
export function pageQuery(maxPageSize: number, defaultPageSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  });
}

export const PageQuery = pageQuery(60, 24);

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pageCount: z.number().int(),
  });
}

export const Health = z.object({ status: z.enum(["ok", "unavailable"]) });

/**
 * The client's key for one money movement (e.g. a UUID made when a refund form opens): a
 * repeated request with the same key answers what was already done and moves no money again.
 */
export const IdempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,80}$/, { error: "must be 8 to 80 letters, digits, - or _" });
