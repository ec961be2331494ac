/**
 * Add or edit a series: name, description and banner image (uploaded with progress). The
 * contract's SeriesBody validates in the browser; the server's field errors land beside
 * the fields (a taken name), its other messages in a toast.
 */
import { type AdminSeries, SeriesBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { ImageField } from "../../media/image-field.tsx";
import { Field, TextArea, TextInput } from "../../ui/fields.tsx";
import { seriesApi } from "../api.ts";
import { SubmitRow } from "../form-footer.tsx";
import { showServerErrors } from "../server-errors.ts";

export function SeriesForm(props: { series?: AdminSeries; onDone?: () => void }) {
  const { series } = props;
  const id = useId();
  const save = seriesApi.useSave();
  const form = useForm({
    resolver: zodResolver(SeriesBody),
    defaultValues: {
      name: series?.name ?? "",
      description: series?.description ?? "",
      filename: series?.filename ?? null,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    save.mutateAsync({ id: series?.id, body }).then(
      (saved) => {
        toast.success(series ? `Saved the series ${saved.name}` : `Added the series ${saved.name}`);
        if (!series) form.reset();
        props.onDone?.();
      },
      (error: unknown) => showServerErrors(error, form.setError, ["name", "description", "filename"]),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        hint="Shown on the series page."
        error={errors.description?.message && `Description ${errors.description.message}`}
      >
        {(control) => <TextArea {...control} rows={3} {...form.register("description")} />}
      </Field>
      <Controller
        control={form.control}
        name="filename"
        render={({ field }) => (
          <ImageField
            label="Banner image"
            value={field.value ?? null}
            onChange={field.onChange}
            hint="A wide picture, at least 1600 px across. JPEG, PNG, WebP or AVIF, up to 10 MB."
            error={errors.filename?.message}
          />
        )}
      />
      <SubmitRow pending={save.isPending} label={series ? "Save series" : "Add series"} />
    </form>
  );
}
