/**
 * Create or edit a coupon (or an automatic discount): react-hook-form over the contract's
 * CouponInput (form-values.ts), the server's field errors beside the fields, and a live
 * preview sentence ("15% off Hoodies, min 2 items, until 31 Dec 2026, 1 per customer").
 */
import {
  type Coupon,
  couponEligibilities,
  couponEligibilityLabels,
  couponKindLabels,
  couponKinds,
  describeCoupon,
  minorDigits,
} from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Shuffle, X } from "lucide-react";
import { useMemo, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { ApiError } from "../../../lib/api.ts";
import { useRootData } from "../../../root.tsx";
import { FormSection, labelled } from "../products/form/section.tsx";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field, Select, TextArea, TextInput } from "../ui/fields.tsx";
import { couponActions, couponKeys, useTargetOptions } from "./api.ts";
import {
  type CouponFormValues,
  couponResolver,
  emptyCoupon,
  formValuesOf,
  type TargetValue,
  toCouponInput,
} from "./form-values.ts";

const fieldNames: readonly Path<CouponFormValues>[] = [
  "title",
  "code",
  "kind",
  "percentOff",
  "amountOff",
  "buyQuantity",
  "getQuantity",
  "getPercentOff",
  "targets",
  "minSubtotal",
  "minQuantity",
  "startsAt",
  "endsAt",
  "customerEmails",
  "usageLimit",
  "perCustomerLimit",
];

const targetTypeLabels: Record<TargetValue["type"], string> = {
  product: "Product",
  category: "Category",
  subCategory: "Sub-category",
  subSubCategory: "Sub-sub-category",
  collab: "Collab",
  series: "Series",
  productType: "Product type",
};

function randomCode(): string {
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

export function CouponForm(props: { coupon: Coupon | null; currency: string }) {
  const digits = minorDigits(props.currency);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const zone = useRootData().settings.timeZone;
  const resolver = useMemo(() => couponResolver(digits, zone), [digits, zone]);
  const form = useForm<CouponFormValues>({
    resolver,
    defaultValues: props.coupon ? formValuesOf(props.coupon, digits, zone) : emptyCoupon,
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const input = toCouponInput(values, digits, zone);
  const known = (value: number | null | undefined) =>
    value === null || value === undefined || Number.isNaN(value) ? null : value;
  const preview = describeCoupon(
    {
      method: values.method,
      kind: values.kind,
      percentOff: known(input.percentOff),
      amountOff: known(input.amountOff),
      buyQuantity: known(input.buyQuantity),
      getQuantity: known(input.getQuantity),
      getPercentOff: known(input.getPercentOff),
      appliesTo: input.appliesTo ?? "order",
      minSubtotal: known(input.minSubtotal),
      minQuantity: known(input.minQuantity),
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      eligibility: values.eligibility,
      usageLimit: known(input.usageLimit),
      perCustomerLimit: known(input.perCustomerLimit),
    },
    { currency: props.currency, digits, timeZone: zone, targetNames: values.targets.map((target) => target.name) },
  );
  const error = (name: keyof CouponFormValues, label: string) => labelled(label, errors[name]?.message);

  const onSubmit = form.handleSubmit(async (current) => {
    const body = toCouponInput(current, digits, zone);
    try {
      const saved = props.coupon
        ? await couponActions.update(props.coupon.id, { ...body, version: props.coupon.version })
        : await couponActions.create(body);
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      toast.success(props.coupon ? `Saved “${saved.title}”` : `Created “${saved.title}”`);
      navigate(adminPaths.manageCoupons());
    } catch (caught) {
      const sent = caught instanceof ApiError ? caught.body?.error.fields : undefined;
      for (const [path, message] of Object.entries(sent ?? {})) {
        const name = fieldNames.find((candidate) => candidate === path.split(".")[0]);
        if (name) form.setError(name, { message });
      }
      if (caught instanceof ApiError && caught.status === 409) {
        toast.error(caught.message, {
          action: { label: "Reload", onClick: () => window.location.reload() },
        });
      } else toast.error(errorMessage(caught));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 min-[1200px]:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <FormSection id="coupon-basics" title="Coupon" description="What staff and shoppers call it.">
          <Field
            id="coupon-title"
            label="Title"
            hint="Shown to shoppers beside the discount."
            error={error("title", "Title")}
          >
            {(control) => <TextInput {...control} autoComplete="off" {...form.register("title")} />}
          </Field>
          <fieldset className="space-y-2">
            <legend className="font-medium text-sm">How it applies</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" value="code" {...form.register("method")} /> Shoppers type a code
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="automatic" {...form.register("method")} /> Automatic discount
              </label>
            </div>
          </fieldset>
          {values.method === "code" ? (
            <Field
              id="coupon-code"
              label="Code"
              hint="Letters, digits, - and _; not case-sensitive."
              error={error("code", "Code")}
            >
              {(control) => (
                <div className="flex gap-2">
                  <TextInput
                    {...control}
                    className="font-mono uppercase"
                    autoComplete="off"
                    {...form.register("code")}
                  />
                  <Button
                    onClick={() => form.setValue("code", randomCode(), { shouldValidate: true })}
                    aria-label="Make up a random code"
                  >
                    <Shuffle aria-hidden className="size-4" /> Random
                  </Button>
                </div>
              )}
            </Field>
          ) : null}
        </FormSection>

        <FormSection id="coupon-discount" title="Discount">
          <Field id="coupon-kind" label="Kind" error={error("kind", "Kind")}>
            {(control) => (
              <Select {...control} className="w-full" {...form.register("kind")}>
                {couponKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {couponKindLabels[kind]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {values.kind === "percent" ? (
            <Field id="coupon-percent" label="Percent off" hint="1 to 100." error={error("percentOff", "Percent off")}>
              {(control) => <TextInput {...control} inputMode="numeric" {...form.register("percentOff")} />}
            </Field>
          ) : null}
          {values.kind === "fixed" ? (
            <Field id="coupon-amount" label={`Amount off (${props.currency})`} error={error("amountOff", "Amount off")}>
              {(control) => (
                <TextInput {...control} inputMode="decimal" placeholder="10.00" {...form.register("amountOff")} />
              )}
            </Field>
          ) : null}
          {values.kind === "buy_x_get_y" ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="coupon-buy" label="Buy (items)" error={error("buyQuantity", "Buy")}>
                {(control) => <TextInput {...control} inputMode="numeric" {...form.register("buyQuantity")} />}
              </Field>
              <Field id="coupon-get" label="Get (items)" error={error("getQuantity", "Get")}>
                {(control) => <TextInput {...control} inputMode="numeric" {...form.register("getQuantity")} />}
              </Field>
              <Field
                id="coupon-get-percent"
                label="Their % off"
                hint="100 = free."
                error={error("getPercentOff", "Percent")}
              >
                {(control) => <TextInput {...control} inputMode="numeric" {...form.register("getPercentOff")} />}
              </Field>
            </div>
          ) : null}
          {values.kind !== "free_delivery" && values.kind !== "buy_x_get_y" ? (
            <fieldset className="space-y-2">
              <legend className="font-medium text-sm">Applies to</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" value="order" {...form.register("appliesTo")} /> The whole order
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" value="items" {...form.register("appliesTo")} /> Chosen items
                </label>
              </div>
            </fieldset>
          ) : null}
          {values.appliesTo === "items" || values.kind === "buy_x_get_y" ? (
            <Controller
              control={form.control}
              name="targets"
              render={({ field }) => (
                <TargetPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.targets?.message ? `Items: ${errors.targets.message}` : undefined}
                />
              )}
            />
          ) : null}
        </FormSection>

        <FormSection
          id="coupon-requirements"
          title="Requirements"
          description="Counted on the items the discount applies to."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="coupon-min-subtotal"
              label={`Minimum spend (${props.currency})`}
              error={error("minSubtotal", "Minimum spend")}
            >
              {(control) => (
                <TextInput {...control} inputMode="decimal" placeholder="None" {...form.register("minSubtotal")} />
              )}
            </Field>
            <Field id="coupon-min-quantity" label="Minimum items" error={error("minQuantity", "Minimum items")}>
              {(control) => (
                <TextInput {...control} inputMode="numeric" placeholder="None" {...form.register("minQuantity")} />
              )}
            </Field>
          </div>
        </FormSection>

        <FormSection
          id="coupon-schedule"
          title="Schedule"
          description={`Times are in the store's time zone (${zone}). Empty: no limit.`}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="coupon-starts" label="Starts" error={error("startsAt", "Start")}>
              {(control) => <TextInput {...control} type="datetime-local" step={1} {...form.register("startsAt")} />}
            </Field>
            <Field id="coupon-ends" label="Ends" error={error("endsAt", "End")}>
              {(control) => <TextInput {...control} type="datetime-local" step={1} {...form.register("endsAt")} />}
            </Field>
          </div>
        </FormSection>

        <FormSection id="coupon-eligibility" title="Who and how often">
          <Field id="coupon-eligibility-select" label="Customers" error={undefined}>
            {(control) => (
              <Select {...control} className="w-full" {...form.register("eligibility")}>
                {couponEligibilities.map((value) => (
                  <option key={value} value={value}>
                    {couponEligibilityLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {values.eligibility === "customers" ? (
            <Field
              id="coupon-emails"
              label="Customer emails"
              hint="One per line. They must be signed in with that email."
              error={error("customerEmails", "Customer emails")}
            >
              {(control) => <TextArea {...control} rows={3} {...form.register("customerEmails")} />}
            </Field>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="coupon-usage-limit"
              label="Uses in total"
              hint="Empty: no limit."
              error={error("usageLimit", "Uses in total")}
            >
              {(control) => <TextInput {...control} inputMode="numeric" {...form.register("usageLimit")} />}
            </Field>
            <Field
              id="coupon-per-customer"
              label="Uses per customer"
              hint="Guests are counted by email."
              error={error("perCustomerLimit", "Uses per customer")}
            >
              {(control) => <TextInput {...control} inputMode="numeric" {...form.register("perCustomerLimit")} />}
            </Field>
          </div>
        </FormSection>

        <FormSection
          id="coupon-combinations"
          title="Combines with"
          description="Two discounts apply together only when each allows the other. At most one order discount applies."
        >
          {(
            [
              ["combinesWithOrder", "Order discounts"],
              ["combinesWithProduct", "Item discounts"],
              ["combinesWithDelivery", "Free delivery"],
            ] as const
          ).map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Checkbox id={`coupon-${name}`} checked={field.value} onCheckedChange={field.onChange} label={label} />
              )}
            />
          ))}
        </FormSection>
      </div>

      <aside className="space-y-4 min-[1200px]:sticky min-[1200px]:top-4 min-[1200px]:self-start">
        <Card labelledBy="coupon-preview-title">
          <CardHeader id="coupon-preview-title" title="Preview" />
          <p className="p-4 text-sm" data-testid="coupon-preview" aria-live="polite">
            {preview}
          </p>
        </Card>
        <Card>
          <div className="space-y-3 p-4">
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <Checkbox
                  id="coupon-active"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  label="Enabled"
                  hint="A disabled coupon is refused at checkout."
                />
              )}
            />
            <Controller
              control={form.control}
              name="releaseOnRefund"
              render={({ field }) => (
                <Checkbox
                  id="coupon-release"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  label="Refunded orders give their use back"
                  hint="Cancelled orders always do."
                />
              )}
            />
            <div className="flex gap-2 pt-2">
              <Button type="submit" variant="primary" disabled={isSubmitting}>
                {isSubmitting ? "Saving…" : props.coupon ? "Save coupon" : "Create coupon"}
              </Button>
              <Button onClick={() => navigate(adminPaths.manageCoupons())}>Cancel</Button>
            </div>
          </div>
        </Card>
      </aside>
    </form>
  );
}

function TargetPicker(props: {
  value: TargetValue[];
  onChange: (next: TargetValue[]) => void;
  error: string | undefined;
}) {
  const [kind, setKind] = useState<"category" | "series" | "productType" | "collab" | "product">("category");
  const [search, setSearch] = useState("");
  const options = useTargetOptions(kind === "product" ? search.trim() : "");
  const data = options.data;
  const choices: TargetValue[] = !data
    ? []
    : kind === "category"
      ? data.categories
      : kind === "series"
        ? data.series.map((row) => ({ type: "series", ...row }))
        : kind === "productType"
          ? data.productTypes.map((row) => ({ type: "productType", ...row }))
          : kind === "collab"
            ? data.collabs.map((row) => ({ type: "collab", ...row }))
            : data.products.map((row) => ({ type: "product", ...row }));
  const chosen = new Set(props.value.map((target) => `${target.type}:${target.id}`));
  const [pick, setPick] = useState("");
  const add = () => {
    const found = choices.find((choice) => `${choice.type}:${choice.id}` === pick);
    if (found && !chosen.has(pick)) props.onChange([...props.value, found]);
    setPick("");
  };
  return (
    <div
      className="space-y-3 rounded-lg border border-line p-3"
      aria-describedby={props.error ? "targets-error" : undefined}
    >
      <p className="font-medium text-sm">Items it applies to</p>
      <div className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto]">
        <Select aria-label="Kind of item" value={kind} onChange={(event) => setKind(event.target.value as typeof kind)}>
          <option value="category">Categories (any level)</option>
          <option value="series">Series</option>
          <option value="productType">Product types</option>
          <option value="collab">Collabs</option>
          <option value="product">Products</option>
        </Select>
        <div className="flex min-w-0 gap-2">
          {kind === "product" ? (
            <TextInput
              aria-label="Search products"
              placeholder="Search products"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="max-w-40"
            />
          ) : null}
          <Select
            aria-label="Item"
            value={pick}
            onChange={(event) => setPick(event.target.value)}
            className="w-full min-w-0"
          >
            <option value="">{options.isPending ? "Loading…" : "Choose…"}</option>
            {choices.map((choice) => (
              <option key={`${choice.type}:${choice.id}`} value={`${choice.type}:${choice.id}`}>
                {choice.name}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={add} disabled={pick === ""}>
          Add
        </Button>
      </div>
      {props.value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen items">
          {props.value.map((target) => (
            <li
              key={`${target.type}:${target.id}`}
              className="flex items-center gap-1 rounded-md bg-stone-100 py-1 pr-1 pl-2 text-xs"
            >
              <span className="text-muted">{targetTypeLabels[target.type]}:</span> {target.name}
              <button
                type="button"
                className="rounded p-0.5 hover:bg-stone-200"
                aria-label={`Remove ${target.name}`}
                onClick={() => props.onChange(props.value.filter((other) => other !== target))}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted text-xs">Nothing chosen yet.</p>
      )}
      {props.error ? (
        <p id="targets-error" role="alert" className="text-red-700 text-xs">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
