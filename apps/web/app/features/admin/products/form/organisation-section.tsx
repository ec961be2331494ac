/**
 * Where the product belongs: category → sub-category → sub-sub-category (each list follows
 * the one above; changing a parent clears its children), type, series, fabric, gender, tags.
 */
import type { ProductFormOptions } from "@atelier/contract";
import { useFormContext, useWatch } from "react-hook-form";
import { Field, Select, TextInput } from "../../ui/fields.tsx";
import type { ProductFormValues } from "./form-values.ts";
import { FormSection, labelled } from "./section.tsx";

type Choice = { id: number; name: string };
type SelectName =
  | "categoryId"
  | "subCategoryId"
  | "subSubCategoryId"
  | "productTypeId"
  | "seriesId"
  | "fabricId"
  | "genderId";

export function OrganisationSection({ options }: { options: ProductFormOptions }) {
  const { register, formState, control, setValue } = useFormContext<ProductFormValues>();
  const [categoryId, subCategoryId] = useWatch({ control, name: ["categoryId", "subCategoryId"] });
  const { errors } = formState;
  const category = options.categories.find((item) => String(item.id) === categoryId);
  const subCategory = category?.subCategories.find((item) => String(item.id) === subCategoryId);

  const select = (name: SelectName, label: string, choices: readonly Choice[], empty: string, onPick?: () => void) => (
    <Field id={`product-${name}`} label={label} error={labelled(label, errors[name]?.message)}>
      {(field) => (
        <Select {...field} className="w-full" {...register(name, { onChange: onPick })}>
          <option value="">{empty}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={String(choice.id)}>
              {choice.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  const clear =
    (...names: SelectName[]) =>
    () => {
      for (const name of names) setValue(name, "");
    };

  return (
    <FormSection id="product-organisation" title="Organisation">
      <div className="grid gap-4 min-[900px]:grid-cols-3">
        {select(
          "categoryId",
          "Category",
          options.categories,
          "Choose a category",
          clear("subCategoryId", "subSubCategoryId"),
        )}
        {select(
          "subCategoryId",
          "Sub-category",
          category?.subCategories ?? [],
          "Choose a sub-category",
          clear("subSubCategoryId"),
        )}
        {select(
          "subSubCategoryId",
          "Sub-sub-category",
          subCategory?.subSubCategories ?? [],
          "Choose a sub-sub-category",
        )}
      </div>
      <div className="grid gap-4 min-[600px]:grid-cols-2 min-[900px]:grid-cols-4">
        {select("productTypeId", "Product type", options.productTypes, "Choose a type")}
        {select("seriesId", "Series", options.series, "No series")}
        {select("fabricId", "Fabric", options.fabrics, "No fabric")}
        {select("genderId", "Gender", options.genders, "Unisex")}
      </div>
      <Field
        id="product-tags"
        label="Tags"
        hint="Separated by commas, e.g. winter, bestseller."
        error={labelled("Tags", errors.tags?.message)}
      >
        {(field) => <TextInput {...field} autoComplete="off" {...register("tags")} />}
      </Field>
    </FormSection>
  );
}
