/**
 * The product form (add and edit): sections over one react-hook-form, validated by the
 * contract's schema in the browser and by the server again. Server field errors land
 * beside their fields; a save on an old version shows the conflict and keeps the input.
 */
import type { AdminProduct, ProductBody, ProductFormOptions } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { Controller, FormProvider, type Path, useForm } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "../../../../lib/api.ts";
import { errorMessage } from "../../query-client.ts";
import { Button } from "../../ui/button.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { useSaveProduct } from "../api.ts";
import { BasicsSection } from "./basics-section.tsx";
import { emptyProduct, formValuesOf, type ProductFormValues, productFormSchema } from "./form-values.ts";
import { ImagesSection } from "./images-section.tsx";
import { OrganisationSection } from "./organisation-section.tsx";
import { PricingSection } from "./pricing-section.tsx";
import { SeoSection } from "./seo-section.tsx";
import { SizeChartSection } from "./size-chart-section.tsx";
import { VariantsSection } from "./variants-section.tsx";

export const conflictMessage = "This product was changed by someone else. Reload to see their changes.";

export function ProductForm(props: {
  product?: AdminProduct;
  options: ProductFormOptions;
  onSaved: (product: AdminProduct, created: boolean) => void;
  onReload?: () => void;
}) {
  const { product, options } = props;
  const currency = product?.currency ?? options.currency;
  const resolver = useMemo(() => zodResolver(productFormSchema(currency)), [currency]);
  const form = useForm<ProductFormValues, unknown, ProductBody>({
    resolver,
    defaultValues: product ? formValuesOf(product, currency) : emptyProduct,
  });
  const save = useSaveProduct();
  const [version, setVersion] = useState(product?.version);
  const [conflict, setConflict] = useState(false);

  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        const saved = await save.mutateAsync(
          product && version !== undefined ? { id: product.id, body: { ...body, version } } : { body },
        );
        setVersion(saved.version);
        setConflict(false);
        form.reset(formValuesOf(saved, currency));
        props.onSaved(saved, !product);
      } catch (error) {
        const fields = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};
        if (error instanceof ApiError && error.status === 409 && "version" in fields) {
          setConflict(true);
          return;
        }
        for (const [name, message] of Object.entries(fields)) {
          form.setError(name as Path<ProductFormValues>, { message }, { shouldFocus: false });
        }
        toast.error(errorMessage(error));
      }
    },
    () => toast.error("Check the highlighted fields."),
  );

  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-6"
        aria-label={product ? `Edit ${product.name}` : "New product"}
      >
        {conflict ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm"
          >
            <p>{conflictMessage}</p>
            {props.onReload ? (
              <Button size="sm" onClick={props.onReload}>
                Reload
              </Button>
            ) : null}
          </div>
        ) : null}
        <BasicsSection />
        <PricingSection currency={currency} />
        <OrganisationSection options={options} />
        <VariantsSection options={options} />
        <ImagesSection />
        <SizeChartSection options={options} />
        <SeoSection />
        <div className="sticky bottom-0 z-10 -mx-2 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
          <Controller
            control={form.control}
            name="isPublished"
            render={({ field }) => (
              <Checkbox
                id="product-published"
                label="Published"
                hint="Shoppers see published products only."
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : product ? "Save product" : "Create product"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
