/**
 * Create or edit a collaborator: kind, name, slug, portrait and banner (uploads with
 * progress), bio (Markdown, shown escaped on the storefront), social links, country,
 * status, products and series, and the royalty or commission rate. The server's field
 * errors (slug taken → 409, rate outside 0-100 → 422) land beside their fields.
 */
import {
  type AdminCollaborator,
  type CollaboratorInput,
  collaboratorKinds,
  formatMinor,
  minorDigits,
  parseMoney,
} from "@atelier/contract";
import { useId } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { toast } from "sonner";
import { useRootData } from "../../../root.tsx";
import { ImageField } from "../media/image-field.tsx";
import { showServerErrors } from "../taxonomy/server-errors.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Field, Select, TextArea, TextInput } from "../ui/fields.tsx";
import { collabsApi } from "./api.ts";
import { ProductPicker } from "./product-picker.tsx";

interface Values {
  kind: "artist" | "influencer";
  name: string;
  slug: string;
  portrait: string | null;
  banner: string | null;
  bio: string;
  links: string;
  country: string;
  status: "draft" | "live" | "ended";
  productIds: number[];
  seriesIds: number[];
  rateKind: "percent" | "fixed";
  ratePercent: string;
  rateAmount: string;
  rateStartsAt: string;
}

const fieldNames: readonly Path<Values>[] = [
  "kind",
  "name",
  "slug",
  "portrait",
  "banner",
  "bio",
  "country",
  "status",
  "productIds",
  "seriesIds",
  "ratePercent",
  "rateAmount",
  "rateStartsAt",
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);

/** Amounts are typed in the store currency's units (`digits` decimals), never through floats. */
function toValues(collab: AdminCollaborator | undefined, digits: number): Values {
  return {
    kind: collab?.kind ?? "artist",
    name: collab?.name ?? "",
    slug: collab?.slug ?? "",
    portrait: collab?.portrait ?? null,
    banner: collab?.banner ?? null,
    bio: collab?.bio ?? "",
    links: (collab?.socialLinks ?? []).map((link) => `${link.label} ${link.url}`).join("\n"),
    country: collab?.country ?? "",
    status: collab?.status ?? "draft",
    productIds: collab?.productIds ?? [],
    seriesIds: collab?.seriesIds ?? [],
    rateKind: collab?.rateKind ?? "percent",
    ratePercent: collab?.ratePercent === null || collab?.ratePercent === undefined ? "" : String(collab.ratePercent),
    rateAmount:
      collab?.rateAmount === null || collab?.rateAmount === undefined ? "" : formatMinor(collab.rateAmount, digits),
    rateStartsAt: (collab?.rateStartsAt ?? new Date().toISOString()).slice(0, 10),
  };
}

function toInput(values: Values, digits: number): CollaboratorInput {
  const links = values.links
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.lastIndexOf(" ");
      return at > 0 ? { label: line.slice(0, at).trim(), url: line.slice(at + 1) } : { label: "Link", url: line };
    });
  return {
    kind: values.kind,
    name: values.name,
    slug: values.slug,
    portrait: values.portrait,
    banner: values.banner,
    bio: values.bio,
    socialLinks: links,
    country: values.country.trim() ? values.country.trim().toUpperCase() : null,
    status: values.status,
    productIds: values.productIds,
    seriesIds: values.seriesIds,
    rateKind: values.rateKind,
    ratePercent: values.rateKind === "percent" && values.ratePercent !== "" ? Number(values.ratePercent) : null,
    // Text that is no amount goes as NaN, so the server's schema names the field.
    rateAmount:
      values.rateKind === "fixed" && values.rateAmount.trim() !== ""
        ? (parseMoney(values.rateAmount, digits) ?? Number.NaN)
        : null,
    rateStartsAt: values.rateStartsAt ? new Date(`${values.rateStartsAt}T00:00:00Z`).toISOString() : null,
  };
}

export function CollabForm(props: { collab?: AdminCollaborator; onSaved?: (collab: AdminCollaborator) => void }) {
  const { collab } = props;
  const id = useId();
  const save = collabsApi.useSave();
  const digits = minorDigits(useRootData().settings.currency);
  const form = useForm<Values>({ defaultValues: toValues(collab, digits) });
  const { errors } = form.formState;
  const series = collabsApi.useSeries();
  const rateKind = form.watch("rateKind");
  const productIds = form.watch("productIds");
  const seriesIds = form.watch("seriesIds");
  const error = (name: keyof Values) => errors[name]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: collab?.id,
        body: { ...toInput(values, digits), ...(collab ? { version: collab.version } : {}) },
      });
      toast.success(collab ? `Saved ${saved.name}` : `Added ${saved.name}`);
      props.onSaved?.(saved);
    } catch (failure) {
      showServerErrors(failure, form.setError, fieldNames);
    }
  });

  return (
    <Card labelledBy={`${id}-title`}>
      <CardHeader id={`${id}-title`} title={collab ? `Edit ${collab.name}` : "New collaborator"} />
      <form onSubmit={onSubmit} noValidate className="grid gap-6 p-4 lg:grid-cols-2">
        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold text-sm">Who</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-kind`} label="Kind" error={error("kind")}>
              {(control) => (
                <Select {...control} {...form.register("kind")}>
                  {collaboratorKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {kind === "artist" ? "Artist" : "Influencer"}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={`${id}-status`} label="Status" hint="Drafts are invisible to shoppers" error={error("status")}>
              {(control) => (
                <Select {...control} {...form.register("status")}>
                  <option value="draft">Draft</option>
                  <option value="live">Live</option>
                  <option value="ended">Ended</option>
                </Select>
              )}
            </Field>
          </div>
          <Field id={`${id}-name`} label="Name" error={error("name")}>
            {(control) => (
              <TextInput
                {...control}
                maxLength={120}
                {...form.register("name", {
                  onChange: (event) => {
                    if (!collab && !form.formState.dirtyFields.slug) form.setValue("slug", slugOf(event.target.value));
                  },
                })}
              />
            )}
          </Field>
          <Field id={`${id}-slug`} label="Slug" hint="The page's address: /collabs/kind/slug" error={error("slug")}>
            {(control) => <TextInput {...control} maxLength={80} className="font-mono" {...form.register("slug")} />}
          </Field>
          <Field id={`${id}-country`} label="Country" hint="Two letters, e.g. PT" error={error("country")}>
            {(control) => <TextInput {...control} maxLength={2} className="uppercase" {...form.register("country")} />}
          </Field>
          <Field
            id={`${id}-bio`}
            label="Bio"
            hint="Markdown: **bold**, *italic*, [links](https://…), lists."
            error={error("bio")}
          >
            {(control) => <TextArea {...control} rows={6} {...form.register("bio")} />}
          </Field>
          <Field
            id={`${id}-links`}
            label="Social links"
            hint="One per line: label then address, e.g. Instagram https://instagram.com/…"
          >
            {(control) => <TextArea {...control} rows={3} {...form.register("links")} />}
          </Field>
        </fieldset>
        <div className="space-y-6">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold text-sm">Pictures</legend>
            <Controller
              control={form.control}
              name="portrait"
              render={({ field }) => (
                <ImageField label="Portrait" value={field.value} onChange={field.onChange} error={error("portrait")} />
              )}
            />
            <Controller
              control={form.control}
              name="banner"
              render={({ field }) => (
                <ImageField
                  label="Banner (wide)"
                  value={field.value}
                  onChange={field.onChange}
                  error={error("banner")}
                />
              )}
            />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-2 font-semibold text-sm">Products of the collaboration</legend>
            <ProductPicker
              label="Products"
              value={productIds}
              onChange={(ids) => form.setValue("productIds", ids, { shouldDirty: true })}
              error={error("productIds")}
            />
            <fieldset>
              <legend className="mb-2 font-medium text-sm">Whole series</legend>
              {series.isPending ? (
                <p className="text-muted text-sm">Loading series…</p>
              ) : (series.data ?? []).length === 0 ? (
                <p className="text-muted text-sm">The shop has no series yet.</p>
              ) : (
                <div className="flex flex-wrap gap-x-4 gap-y-2">
                  {(series.data ?? []).map((entry) => (
                    <label key={entry.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={seriesIds.includes(entry.id)}
                        onChange={(event) =>
                          form.setValue(
                            "seriesIds",
                            event.target.checked
                              ? [...seriesIds, entry.id]
                              : seriesIds.filter((value) => value !== entry.id),
                            { shouldDirty: true },
                          )
                        }
                      />
                      {entry.name}
                    </label>
                  ))}
                </div>
              )}
              {error("seriesIds") && (
                <p className="mt-1 text-red-700 text-xs" role="alert">
                  {error("seriesIds")}
                </p>
              )}
            </fieldset>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-2 font-semibold text-sm">Royalty or commission</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-rate-kind`} label="Rate">
                {(control) => (
                  <Select {...control} className="w-full" {...form.register("rateKind")}>
                    <option value="percent">Percent of net sales</option>
                    <option value="fixed">Fixed per unit</option>
                  </Select>
                )}
              </Field>
              {rateKind === "percent" ? (
                <Field id={`${id}-rate-percent`} label="Percent" hint="0 to 100" error={error("ratePercent")}>
                  {(control) => <TextInput {...control} inputMode="decimal" {...form.register("ratePercent")} />}
                </Field>
              ) : (
                <Field id={`${id}-rate-amount`} label="Amount per unit" error={error("rateAmount")}>
                  {(control) => <TextInput {...control} inputMode="decimal" {...form.register("rateAmount")} />}
                </Field>
              )}
              <Field id={`${id}-rate-start`} label="From" error={error("rateStartsAt")}>
                {(control) => <TextInput {...control} type="date" {...form.register("rateStartsAt")} />}
              </Field>
            </div>
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : collab ? "Save changes" : "Add collaborator"}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
