/**
 * /admin/edit/update-discount: scheduled discounts (sale prices). Staff put products,
 * categories at any level, series, product types or everything on sale, percent or fixed
 * off, for a period; the storefront shows the sale price with the old one struck through
 * and the percent off, from the start to the end, by itself.
 */
import {
  type DiscountTargetType,
  discountTargetTypes,
  promotionEndpoints as endpoints,
  formatMinor,
  minorDigits,
  parseMoney,
  type ScheduledDiscount,
  ScheduledDiscountInput,
} from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgePercent, Pencil, Plus, Trash2, X } from "lucide-react";
import { useMemo, useState } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { formatDateTime } from "../../features/admin/format.ts";
import { useTargetOptions } from "../../features/admin/promotions/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Checkbox } from "../../features/admin/ui/checkbox.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Dialog, DialogBody, DialogFooter } from "../../features/admin/ui/dialog.tsx";
import { Field, Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, Pill, type PillTone, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { ApiError, browserApi } from "../../lib/api.ts";
import { formatMoney } from "../../lib/money.ts";
import { fromStoreInput, toStoreInput } from "../../lib/store-time.ts";
import { useRootData } from "../../root.tsx";

const targetLabels: Record<DiscountTargetType, string> = {
  all: "Everything",
  product: "Products",
  category: "Categories",
  subCategory: "Sub-categories",
  subSubCategory: "Sub-sub-categories",
  series: "Series",
  productType: "Product types",
};

const statusTones: Record<ScheduledDiscount["status"], PillTone> = {
  running: "green",
  scheduled: "amber",
  ended: "neutral",
  disabled: "neutral",
};

const statusLabels: Record<ScheduledDiscount["status"], string> = {
  running: "Running",
  scheduled: "Scheduled",
  ended: "Ended",
  disabled: "Disabled",
};

const discountKeys = { all: ["admin-discounts"] as const };

export function meta() {
  return [{ title: "Update Discount" }];
}

interface FormValues {
  title: string;
  kind: "percent" | "fixed";
  value: string;
  targetType: DiscountTargetType;
  targets: { id: number; name: string }[];
  startsAt: string;
  endsAt: string;
  isActive: boolean;
}

function toBody(values: FormValues, digits: number, timeZone: string) {
  const text = values.value.trim();
  const value =
    values.kind === "percent"
      ? /^-?\d+$/.test(text)
        ? Number(text)
        : Number.NaN
      : /^-/.test(text)
        ? -1
        : (parseMoney(text, digits) ?? Number.NaN);
  return {
    title: values.title,
    kind: values.kind,
    value,
    targetType: values.targetType,
    targetIds: values.targetType === "all" ? [] : values.targets.map((target) => target.id),
    startsAt: fromStoreInput(values.startsAt, timeZone) ?? "",
    endsAt: fromStoreInput(values.endsAt, timeZone),
    isActive: values.isActive,
  };
}

export default function UpdateDiscount() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: discountKeys.all, queryFn: () => browserApi.get(endpoints.discounts) });
  const options = useTargetOptions("");
  const [editing, setEditing] = useState<ScheduledDiscount | "new" | null>(null);
  const [deleting, setDeleting] = useState<ScheduledDiscount | null>(null);
  const [pending, setPending] = useState(false);
  const currency = options.data?.currency ?? "USD";

  async function remove(discount: ScheduledDiscount) {
    setPending(true);
    try {
      await browserApi.send(endpoints.deleteDiscount, { params: { id: discount.id } });
      toast.success(`Deleted “${discount.title}”`);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: discountKeys.all });
    }
  }

  const describe = (discount: ScheduledDiscount) =>
    discount.kind === "percent" ? `${discount.value}% off` : `${formatMoney(discount.value, currency)} off`;

  return (
    <>
      <PageHeader
        title="Discounts"
        description="Sale prices for a period. Shoppers see the sale price with the old price struck through, on lists, product pages, the cart and checkout."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            <Plus aria-hidden className="size-4" /> New discount
          </Button>
        }
      />
      <Card>
        {list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <SkeletonRows rows={5} label="Loading discounts" />
        ) : list.data.length === 0 ? (
          <EmptyState icon={BadgePercent} title="No discounts yet">
            Put a category, a series or a few products on sale for a weekend.
          </EmptyState>
        ) : (
          <Table
            caption="Scheduled discounts"
            columns={[
              { label: "Discount" },
              { label: "Status" },
              { label: "Period" },
              { label: "Actions", hidden: true },
            ]}
          >
            {list.data.map((discount) => (
              <tr key={discount.id} className="align-top" data-testid="discount-row">
                <td className="px-4 py-3">
                  <span className="font-medium">{discount.title}</span>
                  <span className="block text-muted text-xs">
                    {describe(discount)} ·{" "}
                    {discount.targetType === "all"
                      ? "everything"
                      : `${targetLabels[discount.targetType]}: ${discount.targets.map((target) => target.name).join(", ")}`}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <Pill tone={statusTones[discount.status]}>{statusLabels[discount.status]}</Pill>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-xs">
                  {formatDateTime(discount.startsAt)} → {discount.endsAt ? formatDateTime(discount.endsAt) : "no end"}
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
                    <Button size="sm" aria-label={`Edit ${discount.title}`} onClick={() => setEditing(discount)}>
                      <Pencil aria-hidden className="size-3.5" /> Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="dangerOutline"
                      aria-label={`Delete ${discount.title}`}
                      onClick={() => setDeleting(discount)}
                    >
                      <Trash2 aria-hidden className="size-3.5" />
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      {editing !== null && options.data ? (
        <DiscountDialog
          discount={editing === "new" ? null : editing}
          currency={currency}
          onClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: discountKeys.all })}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete “${deleting?.title ?? ""}”?`}
        description="Prices go back to normal at once. Orders already placed keep the prices they were placed at."
        confirmLabel="Delete discount"
        pending={pending}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </>
  );
}

function DiscountDialog(props: {
  discount: ScheduledDiscount | null;
  currency: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const digits = minorDigits(props.currency);
  const zone = useRootData().settings.timeZone;
  const { discount } = props;
  const resolver = useMemo<Resolver<FormValues>>(
    () => async (values) => {
      const parsed = ScheduledDiscountInput.safeParse(toBody(values, digits, zone));
      if (parsed.success) return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? "title") === "targetIds" ? "targets" : String(issue.path[0] ?? "title");
        errors[name] ??= { type: "validation", message: issue.message };
      }
      return { values: {}, errors: errors as FieldErrors<FormValues> };
    },
    [digits, zone],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues: discount
      ? {
          title: discount.title,
          kind: discount.kind,
          value: discount.kind === "percent" ? String(discount.value) : formatMinor(discount.value, digits),
          targetType: discount.targetType,
          targets: discount.targets,
          startsAt: toStoreInput(discount.startsAt, zone),
          endsAt: toStoreInput(discount.endsAt, zone),
          isActive: discount.isActive,
        }
      : {
          title: "",
          kind: "percent",
          value: "20",
          targetType: "category",
          targets: [],
          startsAt: toStoreInput(new Date().toISOString(), zone),
          endsAt: "",
          isActive: true,
        },
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const [search, setSearch] = useState("");
  const options = useTargetOptions(values.targetType === "product" ? search.trim() : "");
  const [pick, setPick] = useState("");
  const choices = !options.data
    ? []
    : values.targetType === "series"
      ? options.data.series
      : values.targetType === "productType"
        ? options.data.productTypes
        : values.targetType === "product"
          ? options.data.products
          : options.data.categories.filter((row) => row.type === values.targetType);

  const onSubmit = form.handleSubmit(async (current) => {
    const body = toBody(current, digits, zone) as ScheduledDiscountInput;
    try {
      const saved = discount
        ? await browserApi.send(endpoints.updateDiscount, {
            params: { id: discount.id },
            body: { ...body, version: discount.version },
          })
        : await browserApi.send(endpoints.createDiscount, { body });
      toast.success(discount ? `Saved “${saved.title}”` : `Scheduled “${saved.title}”`);
      props.onSaved();
      props.onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
      for (const [path, message] of Object.entries(fields ?? {})) {
        const name = path.split(".")[0] === "targetIds" ? "targets" : path.split(".")[0];
        if (name === "title" || name === "value" || name === "targets" || name === "startsAt" || name === "endsAt") {
          form.setError(name, { message });
        }
      }
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={discount ? `Edit “${discount.title}”` : "New discount"}
      description={`Times are in the store's time zone (${zone}).`}
      wide
    >
      <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
        <DialogBody>
          <div className="space-y-4">
            <Field id="d-title" label="Title" error={errors.title?.message && `Title ${errors.title.message}`}>
              {(control) => <TextInput {...control} autoComplete="off" {...form.register("title")} />}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="d-kind" label="Kind">
                {(control) => (
                  <Select {...control} className="w-full" {...form.register("kind")}>
                    <option value="percent">Percent off</option>
                    <option value="fixed">Amount off each item</option>
                  </Select>
                )}
              </Field>
              <Field
                id="d-value"
                label={values.kind === "percent" ? "Percent off" : `Amount off (${props.currency})`}
                error={
                  errors.value?.message && `${values.kind === "percent" ? "Percent" : "Amount"} ${errors.value.message}`
                }
              >
                {(control) => <TextInput {...control} inputMode="decimal" {...form.register("value")} />}
              </Field>
            </div>
            <Field id="d-target-type" label="On sale">
              {(control) => (
                <Select
                  {...control}
                  className="w-full"
                  {...form.register("targetType", { onChange: () => form.setValue("targets", []) })}
                >
                  {discountTargetTypes.map((type) => (
                    <option key={type} value={type}>
                      {targetLabels[type]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {values.targetType !== "all" ? (
              <Controller
                control={form.control}
                name="targets"
                render={({ field }) => (
                  <div className="space-y-2 rounded-lg border border-line p-3">
                    <div className="flex flex-wrap gap-2">
                      {values.targetType === "product" ? (
                        <TextInput
                          aria-label="Search products"
                          placeholder="Search products"
                          value={search}
                          onChange={(event) => setSearch(event.target.value)}
                          className="max-w-48"
                        />
                      ) : null}
                      <Select
                        aria-label={`Choose from ${targetLabels[values.targetType].toLowerCase()}`}
                        value={pick}
                        onChange={(event) => setPick(event.target.value)}
                        className="min-w-0 flex-1"
                      >
                        <option value="">{options.isPending ? "Loading…" : "Choose…"}</option>
                        {choices.map((choice) => (
                          <option key={choice.id} value={choice.id}>
                            {choice.name}
                          </option>
                        ))}
                      </Select>
                      <Button
                        disabled={pick === ""}
                        onClick={() => {
                          const found = choices.find((choice) => String(choice.id) === pick);
                          if (found && !field.value.some((target) => target.id === found.id)) {
                            field.onChange([...field.value, { id: found.id, name: found.name }]);
                          }
                          setPick("");
                        }}
                      >
                        Add
                      </Button>
                    </div>
                    {field.value.length > 0 ? (
                      <ul className="flex flex-wrap gap-2" aria-label="On sale">
                        {field.value.map((target) => (
                          <li
                            key={target.id}
                            className="flex items-center gap-1 rounded-md bg-stone-100 py-1 pr-1 pl-2 text-xs"
                          >
                            {target.name}
                            <button
                              type="button"
                              className="rounded p-0.5 hover:bg-stone-200"
                              aria-label={`Remove ${target.name}`}
                              onClick={() => field.onChange(field.value.filter((other) => other.id !== target.id))}
                            >
                              <X aria-hidden className="size-3" />
                            </button>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {errors.targets?.message ? (
                      <p role="alert" className="text-red-700 text-xs">
                        {`Choose at least one: ${errors.targets.message}`}
                      </p>
                    ) : null}
                  </div>
                )}
              />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="d-starts"
                label="Starts"
                error={errors.startsAt?.message && `Start ${errors.startsAt.message}`}
              >
                {(control) => <TextInput {...control} type="datetime-local" step={1} {...form.register("startsAt")} />}
              </Field>
              <Field
                id="d-ends"
                label="Ends"
                hint="Empty: until you end it."
                error={errors.endsAt?.message && `End ${errors.endsAt.message}`}
              >
                {(control) => <TextInput {...control} type="datetime-local" step={1} {...form.register("endsAt")} />}
              </Field>
            </div>
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <Checkbox id="d-active" checked={field.value} onCheckedChange={field.onChange} label="Enabled" />
              )}
            />
          </div>
        </DialogBody>
        <DialogFooter>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : discount ? "Save discount" : "Schedule discount"}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
