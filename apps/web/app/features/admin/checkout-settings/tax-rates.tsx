/** Tax rates by region ("US", or "US-CA" for one state); the most specific active one applies. */
import { formatMinor, parseMoney, type TaxRate } from "@atelier/contract";
import { Percent } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { FormCard } from "../taxonomy/managed-list.tsx";
import { showServerErrors } from "../taxonomy/server-errors.ts";
import { Button } from "../ui/button.tsx";
import { Field, TextInput } from "../ui/fields.tsx";
import { taxRatesApi } from "./api.ts";
import { SettingsList } from "./settings-list.tsx";

interface RateForm {
  name: string;
  region: string;
  percent: string;
  appliesToDelivery: boolean;
  isActive: boolean;
}

const toForm = (rate?: TaxRate): RateForm => ({
  name: rate?.name ?? "",
  region: rate?.region ?? "",
  percent: rate ? formatMinor(rate.rateBasisPoints) : "",
  appliesToDelivery: rate?.appliesToDelivery ?? false,
  isActive: rate?.isActive ?? true,
});

export function TaxRatesPanel() {
  const list = taxRatesApi.useList();
  const [editing, setEditing] = useState<TaxRate | undefined>();
  return (
    <div className="grid items-start gap-6 min-[1200px]:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <FormCard title={editing ? `Edit ${editing.name}` : "New tax rate"}>
        <RateFormView key={editing?.id ?? "new"} rate={editing} onDone={() => setEditing(undefined)} />
      </FormCard>
      <SettingsList
        title="Tax rates"
        kind="tax rate"
        icon={Percent}
        query={list}
        onEdit={setEditing}
        remove={taxRatesApi.useRemove()}
        columns={[
          { label: "Name", cell: (rate) => rate.name },
          { label: "Region", cell: (rate) => rate.region },
          { label: "Rate", align: "end", cell: (rate) => `${formatMinor(rate.rateBasisPoints)} %` },
          { label: "On delivery", cell: (rate) => (rate.appliesToDelivery ? "Yes" : "No") },
          { label: "Active", cell: (rate) => (rate.isActive ? "Yes" : "No") },
        ]}
      />
    </div>
  );
}

function RateFormView(props: { rate: TaxRate | undefined; onDone: () => void }) {
  const id = useId();
  const save = taxRatesApi.useSave();
  const form = useForm<RateForm>({ defaultValues: toForm(props.rate) });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    // A percentage with two decimals is a whole number of basis points.
    const basisPoints = parseMoney(values.percent, 2);
    if (basisPoints === null) return form.setError("percent", { message: "must be a percentage such as 8.88" });
    try {
      const saved = await save.mutateAsync({
        id: props.rate?.id,
        body: {
          name: values.name,
          region: values.region,
          rateBasisPoints: basisPoints,
          appliesToDelivery: values.appliesToDelivery,
          isActive: values.isActive,
        },
      });
      toast.success(props.rate ? `Saved ${saved.name}` : `Added ${saved.name}`);
      form.reset(toForm());
      props.onDone();
    } catch (error) {
      showServerErrors(error, form.setError, ["name", "region"]);
      const rate = error instanceof ApiError ? error.body?.error.fields?.rateBasisPoints : undefined;
      if (rate) form.setError("percent", { message: rate });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} {...form.register("name")} />}
      </Field>
      <Field
        id={`${id}-region`}
        label="Region"
        hint='A country ("US") or a state ("US-CA").'
        error={errors.region?.message && `Region ${errors.region.message}`}
      >
        {(control) => <TextInput {...control} {...form.register("region")} />}
      </Field>
      <Field
        id={`${id}-percent`}
        label="Rate (%)"
        hint="Up to two decimals, e.g. 8.88"
        error={errors.percent?.message && `Rate ${errors.percent.message}`}
      >
        {(control) => <TextInput {...control} inputMode="decimal" {...form.register("percent")} />}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("appliesToDelivery")} /> Tax the delivery fee too
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("isActive")} /> Active
      </label>
      <div className="flex justify-end gap-2 pt-2">
        {props.rate ? (
          <Button onClick={props.onDone} disabled={save.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : props.rate ? "Save tax rate" : "Add tax rate"}
        </Button>
      </div>
    </form>
  );
}
