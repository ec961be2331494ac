/** Add or edit a fabric: its name and a description (care, composition). */
import { type AdminFabric, FabricBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Field, TextArea, TextInput } from "../../ui/fields.tsx";
import { fabricsApi } from "../api.ts";
import { SubmitRow } from "../form-footer.tsx";
import { submitter } from "./use-taxonomy-form.ts";

export function FabricForm(props: { row?: AdminFabric; onDone?: () => void }) {
  const id = useId();
  const save = fabricsApi.useSave();
  const form = useForm({
    resolver: zodResolver(FabricBody),
    defaultValues: { name: props.row?.name ?? "", description: props.row?.description ?? "" },
  });
  const { errors } = form.formState;
  const onSubmit = submitter({
    form,
    kind: "fabric",
    id: props.row?.id,
    save: save.mutateAsync,
    fields: ["name", "description"],
    onDone: props.onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        hint="Composition and care, e.g. 100% organic cotton, wash at 30°."
        error={errors.description?.message && `Description ${errors.description.message}`}
      >
        {(control) => <TextArea {...control} rows={3} {...form.register("description")} />}
      </Field>
      <SubmitRow pending={save.isPending} label={props.row ? "Save fabric" : "Add fabric"} />
    </form>
  );
}
