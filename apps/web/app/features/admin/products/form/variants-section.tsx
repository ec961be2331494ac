/**
 * Sizes × colors: staff tick the sizes and colors the product comes in, and the grid holds
 * one row per pair with its SKU and stock. A pair that stays keeps what was typed (and, on
 * the server, its variant id). "Generate SKUs" fills the empty SKUs from the slug or name.
 */
import type { ProductFormOptions } from "@atelier/contract";
import { Wand2 } from "lucide-react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "../../ui/button.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { TextInput } from "../../ui/fields.tsx";
import { Table } from "../../ui/table.tsx";
import type { ProductFormValues, VariantRow } from "./form-values.ts";
import { FormSection } from "./section.tsx";
import { skuFor } from "./sku.ts";

export function VariantsSection({ options }: { options: ProductFormOptions }) {
  const { control, register, getValues, setValue, formState } = useFormContext<ProductFormValues>();
  const { fields, replace } = useFieldArray({ control, name: "variants" });
  const [sizeIds, colorIds] = useWatch({ control, name: ["sizeIds", "colorIds"] });
  const { errors } = formState;
  const sizeName = new Map(options.sizes.map((size) => [size.id, size.name]));
  const colorName = new Map(options.colors.map((color) => [color.id, color.name]));

  function rebuild(nextSizes: number[], nextColors: number[]) {
    const current = new Map(getValues("variants").map((row) => [`${row.sizeId}×${row.colorId}`, row]));
    const rows: VariantRow[] = [];
    for (const size of options.sizes.filter((item) => nextSizes.includes(item.id))) {
      for (const color of options.colors.filter((item) => nextColors.includes(item.id))) {
        rows.push(current.get(`${size.id}×${color.id}`) ?? { sizeId: size.id, colorId: color.id, sku: "", stock: "0" });
      }
    }
    setValue("sizeIds", nextSizes);
    setValue("colorIds", nextColors);
    replace(rows);
  }

  const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((item) => item !== id));

  function generateSkus() {
    const base = getValues("slug") || getValues("name");
    getValues("variants").forEach((row, index) => {
      if (row.sku.trim() === "") {
        setValue(
          `variants.${index}.sku`,
          skuFor(base, sizeName.get(row.sizeId) ?? "", colorName.get(row.colorId) ?? ""),
          {
            shouldValidate: formState.isSubmitted,
          },
        );
      }
    });
  }

  const listError = errors.variants?.message ?? errors.variants?.root?.message;
  return (
    <FormSection
      id="product-variants"
      title="Sizes and colors"
      description="Each size and color pair is a variant with its own SKU and stock."
    >
      <div className="grid gap-4 min-[600px]:grid-cols-2">
        <fieldset>
          <legend className="mb-2 font-medium text-sm">Sizes</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {options.sizes.map((size) => (
              <Checkbox
                key={size.id}
                id={`product-size-${size.id}`}
                label={size.name}
                checked={sizeIds.includes(size.id)}
                onCheckedChange={(on) => rebuild(toggle(sizeIds, size.id, on), colorIds)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 font-medium text-sm">Colors</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {options.colors.map((color) => (
              <Checkbox
                key={color.id}
                id={`product-color-${color.id}`}
                label={
                  <span className="inline-flex items-center gap-1.5">
                    <span
                      aria-hidden
                      className="size-3 rounded-full ring-1 ring-stone-300"
                      style={{ background: color.hex }}
                    />
                    {color.name}
                  </span>
                }
                checked={colorIds.includes(color.id)}
                onCheckedChange={(on) => rebuild(sizeIds, toggle(colorIds, color.id, on))}
              />
            ))}
          </div>
        </fieldset>
      </div>
      {listError ? (
        <p className="text-red-700 text-xs" role="alert">
          Variants: {listError}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <>
          <div className="flex justify-end">
            <Button size="sm" onClick={generateSkus}>
              <Wand2 aria-hidden className="size-3.5" />
              Generate SKUs
            </Button>
          </div>
          <Table
            caption="Variants"
            columns={[{ label: "Size" }, { label: "Color" }, { label: "SKU" }, { label: "Stock" }]}
          >
            {fields.map((field, index) => {
              const rowErrors = errors.variants?.[index];
              const label = `${sizeName.get(field.sizeId)} ${colorName.get(field.colorId)}`;
              const problem = [
                rowErrors?.sizeId?.message && `Size ${rowErrors.sizeId.message}`,
                rowErrors?.colorId?.message && `Color ${rowErrors.colorId.message}`,
                rowErrors?.sku?.message && `SKU ${rowErrors.sku.message}`,
                rowErrors?.stock?.message && `Stock ${rowErrors.stock.message}`,
              ].filter(Boolean);
              return (
                <tr key={field.id} className="align-top">
                  {/* pt-4: the name sits on the same line as the text in the inputs beside it. */}
                  <td className="px-4 pt-4 pb-2">{sizeName.get(field.sizeId)}</td>
                  <td className="px-4 pt-4 pb-2">{colorName.get(field.colorId)}</td>
                  <td className="px-4 py-2">
                    <TextInput
                      aria-label={`SKU of ${label}`}
                      aria-invalid={rowErrors?.sku ? true : undefined}
                      aria-describedby={problem.length > 0 ? `variant-${index}-error` : undefined}
                      className="min-w-40"
                      {...register(`variants.${index}.sku`)}
                    />
                    {problem.length > 0 ? (
                      <p id={`variant-${index}-error`} className="mt-1 text-red-700 text-xs" role="alert">
                        {problem.join("; ")}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-4 py-2">
                    <TextInput
                      aria-label={`Stock of ${label}`}
                      aria-invalid={rowErrors?.stock ? true : undefined}
                      inputMode="numeric"
                      className="w-24"
                      {...register(`variants.${index}.stock`)}
                    />
                  </td>
                </tr>
              );
            })}
          </Table>
        </>
      ) : (
        <p className="text-muted text-sm">Tick at least one size and one color to add variants.</p>
      )}
    </FormSection>
  );
}
