/**
 * PostgreSQL's own refusals, as the API's errors: a unique violation that slipped past the
 * checks (two saves at once) is a 409 naming the field; a reference to a row that does not
 * exist (a deleted series, a made-up size id) is a 422 naming it.
 */
import { ConflictError, ValidationError } from "../../errors.ts";

interface PgError {
  code?: string;
  constraint?: string;
}

function pgErrorOf(error: unknown): PgError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("code" in error && typeof error.code === "string" && /^\d{5}$/.test(error.code)) return error as PgError;
  return "cause" in error ? pgErrorOf(error.cause) : undefined;
}

const referenceFields: [string, string][] = [
  ["series_id", "seriesId"],
  ["product_type_id", "productTypeId"],
  ["fabric_id", "fabricId"],
  ["gender_id", "genderId"],
  ["sub_sub_category_id", "subSubCategoryId"],
  ["size_id", "variants"],
  ["color_id", "variants"],
];

export async function storageErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const pg = pgErrorOf(error);
    const constraint = pg?.constraint ?? "";
    if (pg?.code === "23505" && constraint.includes("slug")) {
      throw new ConflictError("This slug is used by another product.", { slug: "is used by another product" });
    }
    if (pg?.code === "23505" && constraint.includes("sku")) {
      throw new ConflictError("A SKU is used by another product.", { variants: "a SKU is used by another product" });
    }
    if (pg?.code === "23503") {
      const field = referenceFields.find(([column]) => constraint.includes(column))?.[1] ?? "request";
      throw new ValidationError("Something chosen no longer exists. Reload the choices and try again.", {
        [field]: "does not exist",
      });
    }
    throw error;
  }
}
