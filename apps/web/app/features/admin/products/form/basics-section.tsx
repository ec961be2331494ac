/** Name, slug and description (Markdown) of the product form. */
import { useFormContext } from "react-hook-form";
import { Field, TextArea, TextInput } from "../../ui/fields.tsx";
import type { ProductFormValues } from "./form-values.ts";
import { FormSection, labelled } from "./section.tsx";

export function BasicsSection() {
  const { register, formState } = useFormContext<ProductFormValues>();
  const { errors } = formState;
  return (
    <FormSection id="product-basics" title="Basics">
      <Field id="product-name" label="Name" error={labelled("Name", errors.name?.message)}>
        {(control) => <TextInput {...control} autoComplete="off" maxLength={160} {...register("name")} />}
      </Field>
      <Field
        id="product-slug"
        label="Slug"
        hint="The product's web address. Left empty, it is made from the name."
        error={labelled("Slug", errors.slug?.message)}
      >
        {(control) => <TextInput {...control} autoComplete="off" maxLength={180} {...register("slug")} />}
      </Field>
      <Field
        id="product-description"
        label="Description"
        hint="Markdown: **bold**, *italic*, lists and links. The shop shows it safely, without raw HTML."
        error={labelled("Description", errors.description?.message)}
      >
        {(control) => <TextArea {...control} rows={6} {...register("description")} />}
      </Field>
    </FormSection>
  );
}
