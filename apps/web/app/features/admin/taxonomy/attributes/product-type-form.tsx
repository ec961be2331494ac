/** Add or rename a product type (T-shirt, Hoodie …); its slug follows the name. */
import { type AdminProductType, ProductTypeBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Field, TextInput } from "../../ui/fields.tsx";
import { productTypesApi } from "../api.ts";
import { SubmitRow } from "../form-footer.tsx";
import { submitter } from "./use-taxonomy-form.ts";

export function ProductTypeForm(props: { row?: AdminProductType; onDone?: () => void }) {
  const id = useId();
  const save = productTypesApi.useSave();
  const form = useForm({ resolver: zodResolver(ProductTypeBody), defaultValues: { name: props.row?.name ?? "" } });
  const { errors } = form.formState;
  const onSubmit = submitter({
    form,
    kind: "product type",
    id: props.row?.id,
    save: save.mutateAsync,
    fields: ["name"],
    onDone: props.onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      <SubmitRow pending={save.isPending} label={props.row ? "Save product type" : "Add product type"} />
    </form>
  );
}
