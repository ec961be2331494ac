/** SEO title and description, with counters against their limits (70 and 170 characters). */
import { useFormContext, useWatch } from "react-hook-form";
import { Field, TextArea, TextInput } from "../../ui/fields.tsx";
import type { ProductFormValues } from "./form-values.ts";
import { FormSection, labelled } from "./section.tsx";

function Counter({ value, max, id }: { value: string; max: number; id: string }) {
  return (
    <p id={id} className={`text-right text-xs tabular-nums ${value.length > max ? "text-red-700" : "text-muted"}`}>
      {value.length}/{max}
    </p>
  );
}

export function SeoSection() {
  const { register, formState, control } = useFormContext<ProductFormValues>();
  const [title, description] = useWatch({ control, name: ["seoTitle", "seoDescription"] });
  const { errors } = formState;
  return (
    <FormSection
      id="product-seo"
      title="Search engines"
      description="What search results and link previews show. Left empty, the name and description are used."
    >
      <div>
        <Field id="product-seo-title" label="SEO title" error={labelled("SEO title", errors.seoTitle?.message)}>
          {(control) => <TextInput {...control} maxLength={70} {...register("seoTitle")} />}
        </Field>
        <Counter id="product-seo-title-count" value={title} max={70} />
      </div>
      <div>
        <Field
          id="product-seo-description"
          label="SEO description"
          error={labelled("SEO description", errors.seoDescription?.message)}
        >
          {(control) => <TextArea {...control} rows={3} maxLength={170} {...register("seoDescription")} />}
        </Field>
        <Counter id="product-seo-description-count" value={description} max={170} />
      </div>
    </FormSection>
  );
}
