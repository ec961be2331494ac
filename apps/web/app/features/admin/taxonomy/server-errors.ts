/**
 * After a failed save: the server's field errors go beside the fields the form has, and
 * its message goes to a toast, so nothing typed is lost and nothing is left unexplained.
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { errorMessage } from "../query-client.ts";

export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const sent = error instanceof ApiError ? error.body?.error.fields : undefined;
  for (const [name, message] of Object.entries(sent ?? {})) {
    const field = fields.find((candidate) => candidate === name);
    if (field) setError(field, { message });
  }
  toast.error(errorMessage(error));
}
