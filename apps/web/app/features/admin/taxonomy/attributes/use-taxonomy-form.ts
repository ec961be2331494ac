/**
 * The submit half every simple taxonomy form shares: save through the kind's mutation,
 * toast the result, empty the form after an add, and put the server's field errors
 * beside the fields.
 */
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { showServerErrors } from "../server-errors.ts";

export function submitter<T extends FieldValues, B>(options: {
  form: UseFormReturn<T, unknown, B>;
  kind: string;
  id: number | undefined;
  save: (args: { id: number | undefined; body: B }) => Promise<{ name: string }>;
  fields: readonly Path<T>[];
  onDone?: (() => void) | undefined;
}) {
  const { form, kind, id } = options;
  return form.handleSubmit((body) =>
    options.save({ id, body }).then(
      (saved) => {
        toast.success(id === undefined ? `Added the ${kind} ${saved.name}` : `Saved the ${kind} ${saved.name}`);
        if (id === undefined) form.reset();
        options.onDone?.();
      },
      (error: unknown) => showServerErrors(error, form.setError, options.fields),
    ),
  );
}
