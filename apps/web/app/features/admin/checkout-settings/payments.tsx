/**
 * Payment methods (cash on delivery, manual transfer with the shop's account details),
 * the return window, the card hold and the store's time zone. Card payments are on when STRIPE_SECRET_KEY is
 * set on the server; this page only says whether they are.
 */
import type { CheckoutSettings } from "@atelier/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { errorMessage } from "../query-client.ts";
import { FormCard } from "../taxonomy/managed-list.tsx";
import { Button } from "../ui/button.tsx";
import { Field, Select, TextArea, TextInput } from "../ui/fields.tsx";
import { QueryError, SkeletonRows } from "../ui/states.tsx";
import { paymentSettingsApi } from "./api.ts";

interface PaymentsForm {
  codEnabled: boolean;
  transferEnabled: boolean;
  transferTitle: string;
  transferInstructions: string;
  returnWindowDays: string;
  cardHoldMinutes: string;
  timeZone: string;
}

/** The server's field paths → this form's fields. */
const fieldOf: Record<string, keyof PaymentsForm> = {
  "manualTransfer.title": "transferTitle",
  "manualTransfer.instructions": "transferInstructions",
  returnWindowDays: "returnWindowDays",
  cardHoldMinutes: "cardHoldMinutes",
  timeZone: "timeZone",
};

/** Every IANA zone this browser knows, with the current one kept even if it does not. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...known])];
}

export function PaymentSettingsPanel() {
  const query = paymentSettingsApi.useGet();
  if (query.isPending) return <SkeletonRows rows={4} label="Loading payment settings" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return <PaymentsFormView settings={query.data} />;
}

function PaymentsFormView({ settings }: { settings: CheckoutSettings }) {
  const id = useId();
  const save = paymentSettingsApi.useSave();
  const revalidator = useRevalidator();
  const form = useForm<PaymentsForm>({
    defaultValues: {
      codEnabled: settings.cashOnDelivery.enabled,
      transferEnabled: settings.manualTransfer.enabled,
      transferTitle: settings.manualTransfer.title,
      transferInstructions: settings.manualTransfer.instructions,
      returnWindowDays: String(settings.returnWindowDays),
      cardHoldMinutes: String(settings.cardHoldMinutes),
      timeZone: settings.timeZone,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        cashOnDelivery: { enabled: values.codEnabled },
        manualTransfer: {
          enabled: values.transferEnabled,
          title: values.transferTitle,
          instructions: values.transferInstructions,
        },
        returnWindowDays: Number.parseInt(values.returnWindowDays, 10),
        cardHoldMinutes: Number.parseInt(values.cardHoldMinutes, 10),
        timeZone: values.timeZone,
      });
      toast.success("Payment settings saved");
      // The store's time zone lives in the root data every admin form reads.
      if (values.timeZone !== settings.timeZone) await revalidator.revalidate();
    } catch (error) {
      const sent = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};
      for (const [path, message] of Object.entries(sent)) {
        const field = fieldOf[path];
        if (field) form.setError(field, { message });
      }
      toast.error(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid items-start gap-6 min-[1200px]:grid-cols-2">
      <FormCard title="Payment methods">
        <div className="space-y-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register("codEnabled")} /> Cash on delivery
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register("transferEnabled")} /> Manual transfer (mobile money or bank)
          </label>
          <Field
            id={`${id}-title`}
            label="Transfer title"
            error={errors.transferTitle?.message && `Transfer title ${errors.transferTitle.message}`}
          >
            {(control) => <TextInput {...control} {...form.register("transferTitle")} />}
          </Field>
          <Field
            id={`${id}-instructions`}
            label="Account details shown to shoppers"
            hint="Account name and number, bank or wallet; shoppers then enter their transaction id."
            error={
              errors.transferInstructions?.message &&
              `Account details shown to shoppers ${errors.transferInstructions.message}`
            }
          >
            {(control) => <TextArea {...control} rows={5} {...form.register("transferInstructions")} />}
          </Field>
          <p className="text-sm" data-testid="stripe-status">
            Card (Stripe Checkout):{" "}
            {settings.stripe.configured
              ? settings.stripe.webhookConfigured
                ? "on"
                : "on, but STRIPE_WEBHOOK_SECRET is missing: payments will not be confirmed"
              : "off (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server)"}
          </p>
        </div>
      </FormCard>
      <FormCard title="Store clock, returns and holds">
        <div className="space-y-4">
          <Field
            id={`${id}-zone`}
            label="Store time zone"
            hint="Coupon, discount, new-arrival and pop-up times are entered and shown in it."
            error={errors.timeZone?.message && `Store time zone ${errors.timeZone.message}`}
          >
            {(control) => (
              <Select {...control} {...form.register("timeZone")}>
                {timeZones(settings.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id={`${id}-returns`}
            label="Return window (days after delivery)"
            error={errors.returnWindowDays?.message && `Return window ${errors.returnWindowDays.message}`}
          >
            {(control) => <TextInput {...control} inputMode="numeric" {...form.register("returnWindowDays")} />}
          </Field>
          <Field
            id={`${id}-hold`}
            label="Card hold (minutes)"
            hint="An unpaid card order gives its items back after this (30 to 1440)."
            error={errors.cardHoldMinutes?.message && `Card hold ${errors.cardHoldMinutes.message}`}
          >
            {(control) => <TextInput {...control} inputMode="numeric" {...form.register("cardHoldMinutes")} />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save payment settings"}
            </Button>
          </div>
        </div>
      </FormCard>
    </form>
  );
}
