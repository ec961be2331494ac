/** Add or edit a size: its name and its place in the size order (smaller numbers first). */
import { type AdminSize, SizeBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Field, TextInput } from "../../ui/fields.tsx";
import { sizesApi } from "../api.ts";
import { SubmitRow } from "../form-footer.tsx";
import { submitter } from "./use-taxonomy-form.ts";

export function SizeForm(props: { row?: AdminSize; nextOrder?: number; onDone?: () => void }) {
  const id = useId();
  const save = sizesApi.useSave();
  const form = useForm({
    resolver: zodResolver(SizeBody),
    defaultValues: { name: props.row?.name ?? "", sortOrder: props.row?.sortOrder ?? props.nextOrder ?? 0 },
  });
  const { errors } = form.formState;
  const onSubmit = submitter({
    form,
    kind: "size",
    id: props.row?.id,
    save: save.mutateAsync,
    fields: ["name", "sortOrder"],
    onDone: props.onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      <Field
        id={`${id}-order`}
        label="Order"
        hint="Sizes are listed from the smallest number up."
        error={errors.sortOrder?.message && `Order ${errors.sortOrder.message}`}
      >
        {(control) => (
          <TextInput
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            className="max-w-32"
            {...form.register("sortOrder", { valueAsNumber: true })}
          />
        )}
      </Field>
      <SubmitRow pending={save.isPending} label={props.row ? "Save size" : "Add size"} />
    </form>
  );
}
