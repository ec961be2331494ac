/**
 * Add or edit a category: name, image and the gender flags. isForMen / isForWomen only
 * matter for a gender-varied category (it is listed under those genders in the
 * storefront), so they show only then; the server insists on at least one of them.
 */
import { type AdminCategory, CategoryBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { ImageField } from "../../media/image-field.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Field, TextInput } from "../../ui/fields.tsx";
import { categoriesApi } from "../api.ts";
import { SubmitRow } from "../form-footer.tsx";
import { showServerErrors } from "../server-errors.ts";

export function CategoryForm(props: { category?: AdminCategory; onDone?: () => void }) {
  const { category } = props;
  const id = useId();
  const save = categoriesApi.useSave();
  const form = useForm({
    resolver: zodResolver(CategoryBody),
    defaultValues: {
      name: category?.name ?? "",
      filename: category?.filename ?? null,
      isGenderVaried: category?.isGenderVaried ?? false,
      isForMen: category?.isForMen ?? false,
      isForWomen: category?.isForWomen ?? false,
    },
  });
  const { errors } = form.formState;
  const genderVaried = form.watch("isGenderVaried");

  const onSubmit = form.handleSubmit((body) =>
    save.mutateAsync({ id: category?.id, body }).then(
      (saved) => {
        toast.success(category ? `Saved the category ${saved.name}` : `Added the category ${saved.name}`);
        if (!category) form.reset();
        props.onDone?.();
      },
      (error: unknown) => showServerErrors(error, form.setError, ["name", "filename", "isForMen"]),
    ),
  );

  const flag = (name: "isGenderVaried" | "isForMen" | "isForWomen", label: string, hint?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          id={`${id}-${name}`}
          checked={field.value ?? false}
          onCheckedChange={field.onChange}
          label={label}
          hint={hint}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      <Controller
        control={form.control}
        name="filename"
        render={({ field }) => (
          <ImageField
            label="Category image"
            value={field.value ?? null}
            onChange={field.onChange}
            hint="Shown in the navigation on large screens. JPEG, PNG, WebP or AVIF, up to 10 MB."
          />
        )}
      />
      <fieldset className="space-y-3">
        <legend className="mb-2 font-medium text-sm">Genders</legend>
        {flag("isGenderVaried", "Gender-varied", "Listed under Men and/or Women instead of on its own.")}
        {genderVaried ? (
          <div className="space-y-2 border-line border-l-2 pl-4">
            {flag("isForMen", "For men")}
            {flag("isForWomen", "For women")}
            {errors.isForMen?.message ? (
              <p className="text-red-700 text-xs" role="alert">
                Genders: {errors.isForMen.message}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <SubmitRow pending={save.isPending} label={category ? "Save category" : "Add category"} />
    </form>
  );
}
