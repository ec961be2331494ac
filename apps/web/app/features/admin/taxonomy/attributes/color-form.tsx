/** Add or edit a color: its name and a #rrggbb swatch, typed or picked. */
import { type AdminColor, ColorBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Field, TextInput } from "../../ui/fields.tsx";
import { colorsApi } from "../api.ts";
import { SubmitRow } from "../form-footer.tsx";
import { submitter } from "./use-taxonomy-form.ts";

export function ColorForm(props: { row?: AdminColor; onDone?: () => void }) {
  const id = useId();
  const save = colorsApi.useSave();
  const form = useForm({
    resolver: zodResolver(ColorBody),
    defaultValues: { name: props.row?.name ?? "", hex: props.row?.hex ?? "#000000" },
  });
  const { errors } = form.formState;
  const hex = form.watch("hex");
  const onSubmit = submitter({
    form,
    kind: "color",
    id: props.row?.id,
    save: save.mutateAsync,
    fields: ["name", "hex"],
    onDone: props.onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      <Field
        id={`${id}-hex`}
        label="Swatch"
        hint="A hex colour such as #1f6feb."
        error={errors.hex?.message && `Swatch ${errors.hex.message}`}
      >
        {(control) => (
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Pick the swatch colour"
              value={/^#[0-9a-fA-F]{6}$/.test(hex) ? hex.toLowerCase() : "#000000"}
              onChange={(event) => form.setValue("hex", event.target.value, { shouldValidate: true })}
              className="h-9 w-12 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
            />
            <TextInput {...control} autoComplete="off" spellCheck={false} {...form.register("hex")} />
          </div>
        )}
      </Field>
      <SubmitRow pending={save.isPending} label={props.row ? "Save color" : "Add color"} />
    </form>
  );
}
