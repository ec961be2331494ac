/** Delivery zones: where the shop delivers and for what fee (free over an amount, if set). */
import { type DeliveryZone, formatMinor, parseMoney } from "@atelier/contract";
import { Truck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormCard } from "../taxonomy/managed-list.tsx";
import { showServerErrors } from "../taxonomy/server-errors.ts";
import { Button } from "../ui/button.tsx";
import { Field, TextInput } from "../ui/fields.tsx";
import { zonesApi } from "./api.ts";
import { SettingsList } from "./settings-list.tsx";

interface ZoneForm {
  name: string;
  description: string;
  fee: string;
  freeOver: string;
  estimate: string;
  isActive: boolean;
  sortOrder: string;
}

const toForm = (zone?: DeliveryZone): ZoneForm => ({
  name: zone?.name ?? "",
  description: zone?.description ?? "",
  fee: zone ? formatMinor(zone.fee) : "",
  freeOver: zone?.freeOver == null ? "" : formatMinor(zone.freeOver),
  estimate: zone?.estimate ?? "",
  isActive: zone?.isActive ?? true,
  sortOrder: String(zone?.sortOrder ?? 0),
});

export function DeliveryZonesPanel() {
  const list = zonesApi.useList();
  const [editing, setEditing] = useState<DeliveryZone | undefined>();
  return (
    <div className="grid items-start gap-6 min-[1200px]:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <FormCard title={editing ? `Edit ${editing.name}` : "New delivery zone"}>
        <ZoneFormView key={editing?.id ?? "new"} zone={editing} onDone={() => setEditing(undefined)} />
      </FormCard>
      <SettingsList
        title="Delivery zones"
        kind="zone"
        icon={Truck}
        query={list}
        onEdit={setEditing}
        remove={zonesApi.useRemove()}
        columns={[
          { label: "Zone", cell: (zone) => zone.name },
          { label: "Fee", align: "end", cell: (zone) => formatMinor(zone.fee) },
          {
            label: "Free over",
            align: "end",
            cell: (zone) => (zone.freeOver === null ? "—" : formatMinor(zone.freeOver)),
          },
          { label: "Estimate", cell: (zone) => zone.estimate || "—" },
          { label: "Offered", cell: (zone) => (zone.isActive ? "Yes" : "No") },
        ]}
      />
    </div>
  );
}

function ZoneFormView(props: { zone: DeliveryZone | undefined; onDone: () => void }) {
  const id = useId();
  const save = zonesApi.useSave();
  const form = useForm<ZoneForm>({ defaultValues: toForm(props.zone) });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const fee = parseMoney(values.fee);
    const freeOver = values.freeOver.trim() === "" ? null : parseMoney(values.freeOver);
    if (fee === null) return form.setError("fee", { message: "must be an amount such as 5.00" });
    if (freeOver === null && values.freeOver.trim() !== "") {
      return form.setError("freeOver", { message: "must be an amount such as 150.00, or empty" });
    }
    try {
      const saved = await save.mutateAsync({
        id: props.zone?.id,
        body: {
          name: values.name,
          description: values.description,
          fee,
          freeOver,
          estimate: values.estimate,
          isActive: values.isActive,
          sortOrder: Number.parseInt(values.sortOrder, 10) || 0,
        },
      });
      toast.success(props.zone ? `Saved ${saved.name}` : `Added ${saved.name}`);
      form.reset(toForm());
      props.onDone();
    } catch (error) {
      showServerErrors(error, form.setError, ["name", "description", "fee", "freeOver", "estimate"]);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} {...form.register("name")} />}
      </Field>
      <Field id={`${id}-description`} label="Description" hint="Shown to shoppers, e.g. the areas it covers.">
        {(control) => <TextInput {...control} {...form.register("description")} />}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id={`${id}-fee`} label="Fee" error={errors.fee?.message && `Fee ${errors.fee.message}`}>
          {(control) => <TextInput {...control} inputMode="decimal" {...form.register("fee")} />}
        </Field>
        <Field
          id={`${id}-free`}
          label="Free over"
          hint="Empty: never free."
          error={errors.freeOver?.message && `Free over ${errors.freeOver.message}`}
        >
          {(control) => <TextInput {...control} inputMode="decimal" {...form.register("freeOver")} />}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Field id={`${id}-estimate`} label="Delivery estimate" hint="e.g. 1-2 business days">
          {(control) => <TextInput {...control} {...form.register("estimate")} />}
        </Field>
        <Field id={`${id}-order`} label="Position">
          {(control) => <TextInput {...control} inputMode="numeric" {...form.register("sortOrder")} />}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("isActive")} /> Offered at checkout
      </label>
      <div className="flex justify-end gap-2 pt-2">
        {props.zone ? (
          <Button onClick={props.onDone} disabled={save.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : props.zone ? "Save zone" : "Add zone"}
        </Button>
      </div>
    </form>
  );
}
