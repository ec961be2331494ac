/** Puts a 422's per-field messages beside the form's inputs; returns the message otherwise. */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../lib/api.ts";

export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): string {
  if (error instanceof ApiError) {
    for (const [path, message] of Object.entries(error.body?.error.fields ?? {})) {
      setError(path as Path<T>, { message });
    }
    return error.message;
  }
  return "The shop could not be reached. Check your connection and try again.";
}
