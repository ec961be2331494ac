/** Price and compare-at price, typed in the store currency's major units ("12.50"). */
import { useFormContext } from "react-hook-form";
import { Field, TextInput } from "../../ui/fields.tsx";
import type { ProductFormValues } from "./form-values.ts";
import { FormSection, labelled } from "./section.tsx";

export function PricingSection({ currency }: { currency: string }) {
  const { register, formState } = useFormContext<ProductFormValues>();
  const { errors } = formState;
  return (
    <FormSection id="product-pricing" title="Pricing" description={`Amounts in ${currency}, e.g. 49.50.`}>
      <div className="grid gap-4 min-[600px]:grid-cols-2">
        <Field id="product-price" label={`Price (${currency})`} error={labelled("Price", errors.price?.message)}>
          {(control) => <TextInput {...control} inputMode="decimal" autoComplete="off" {...register("price")} />}
        </Field>
        <Field
          id="product-compare-at"
          label={`Compare-at price (${currency})`}
          hint="The old price, shown struck through. Leave empty for none."
          error={labelled("Compare-at price", errors.compareAtPrice?.message)}
        >
          {(control) => (
            <TextInput {...control} inputMode="decimal" autoComplete="off" {...register("compareAtPrice")} />
          )}
        </Field>
      </div>
    </FormSection>
  );
}
