/**
 * A custom date range (From, To): checked with the contract's rules before it reaches the
 * URL; a range the server still refuses shows its message beside the field it names.
 */
import { ViewsRange } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { Field, TextInput } from "../ui/fields.tsx";
import type { DateRange } from "./date-range.ts";

export function RangeForm(props: { value: DateRange; onApply: (range: DateRange) => void; serverError: unknown }) {
  const form = useForm<DateRange>({ resolver: zodResolver(ViewsRange), defaultValues: props.value });
  const { errors } = form.formState;
  const { reset, setError } = form;
  const { from, to } = props.value;

  // A preset or the back button changes the range: the inputs follow it.
  useEffect(() => reset({ from, to }), [from, to, reset]);
  useEffect(() => {
    const fields = props.serverError instanceof ApiError ? props.serverError.body?.error.fields : undefined;
    for (const [name, message] of Object.entries(fields ?? {})) {
      if (name === "from" || name === "to") setError(name, { message });
    }
  }, [props.serverError, setError]);

  return (
    <form
      noValidate
      aria-label="Custom date range"
      onSubmit={form.handleSubmit((range) => props.onApply(range))}
      className="flex flex-wrap items-start gap-3"
    >
      <div className="w-40">
        <Field id="views-from" label="From" error={errors.from?.message && `From ${errors.from.message}`}>
          {(control) => <TextInput {...control} type="date" {...form.register("from")} />}
        </Field>
      </div>
      <div className="w-40">
        <Field id="views-to" label="To" error={errors.to?.message && `To ${errors.to.message}`}>
          {(control) => <TextInput {...control} type="date" {...form.register("to")} />}
        </Field>
      </div>
      <Button type="submit" className="mt-7">
        Show range
      </Button>
    </form>
  );
}
