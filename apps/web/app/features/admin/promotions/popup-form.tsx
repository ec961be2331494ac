/**
 * The pop-up form (create on /admin/add/add-new-pop-up, edit on /admin/edit/update-pop-up):
 * react-hook-form over the contract's PopupInput, the server's field errors beside the
 * fields, and a preview of the pop-up as shoppers will see it.
 */
import {
  promotionEndpoints as endpoints,
  type Popup,
  PopupInput,
  popupAudienceLabels,
  popupAudiences,
  popupFrequencies,
  popupFrequencyLabels,
} from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useMemo } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { ApiError, browserApi } from "../../../lib/api.ts";
import { imageUrl } from "../../../lib/images.ts";
import { ImageField } from "../media/image-field.tsx";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field, Select, TextArea, TextInput } from "../ui/fields.tsx";
import { useTargetOptions } from "./api.ts";
import { localInput } from "./form-values.ts";

export const popupKeys = { all: ["admin-popups"] as const };

interface Values {
  title: string;
  body: string;
  image: string | null;
  buttonLabel: string;
  buttonUrl: string;
  couponCode: string;
  audience: (typeof popupAudiences)[number];
  pages: "home" | "all" | "category";
  categoryId: string;
  frequency: (typeof popupFrequencies)[number];
  startsAt: string;
  endsAt: string;
  isActive: boolean;
}

const toBody = (values: Values) => ({
  title: values.title,
  body: values.body,
  image: values.image,
  buttonLabel: values.buttonLabel,
  buttonUrl: values.buttonUrl,
  couponCode: values.couponCode.trim() || null,
  audience: values.audience,
  pages: values.pages,
  categoryId: values.pages === "category" && values.categoryId ? Number(values.categoryId) : null,
  frequency: values.frequency,
  startsAt: values.startsAt ? new Date(values.startsAt).toISOString() : null,
  endsAt: values.endsAt ? new Date(values.endsAt).toISOString() : null,
  isActive: values.isActive,
});

const resolver: Resolver<Values> = async (values) => {
  const parsed = PopupInput.safeParse(toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues)
    errors[String(issue.path[0] ?? "title")] ??= { type: "validation", message: issue.message };
  return { values: {}, errors: errors as FieldErrors<Values> };
};

const fieldNames = [
  "title",
  "body",
  "buttonLabel",
  "buttonUrl",
  "couponCode",
  "categoryId",
  "startsAt",
  "endsAt",
] as const;

export function PopupForm(props: { popup: Popup | null; onSaved: (popup: Popup) => void }) {
  const queryClient = useQueryClient();
  const categories = useTargetOptions("");
  const { popup } = props;
  const form = useForm<Values>({
    resolver,
    defaultValues: popup
      ? {
          ...popup,
          couponCode: popup.couponCode ?? "",
          categoryId: popup.categoryId === null ? "" : String(popup.categoryId),
          startsAt: localInput(popup.startsAt),
          endsAt: localInput(popup.endsAt),
        }
      : {
          title: "",
          body: "",
          image: null,
          buttonLabel: "",
          buttonUrl: "",
          couponCode: "",
          audience: "everyone",
          pages: "home",
          categoryId: "",
          frequency: "once",
          startsAt: "",
          endsAt: "",
          isActive: true,
        },
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const topCategories = useMemo(
    () => categories.data?.categories.filter((row) => row.type === "category") ?? [],
    [categories.data],
  );
  const labelled = (label: string, message: string | undefined) => (message ? `${label} ${message}` : undefined);

  const onSubmit = form.handleSubmit(async (current) => {
    const body = toBody(current) as PopupInput;
    try {
      const saved = popup
        ? await browserApi.send(endpoints.updatePopup, {
            params: { id: popup.id },
            body: { ...body, version: popup.version },
          })
        : await browserApi.send(endpoints.createPopup, { body });
      await queryClient.invalidateQueries({ queryKey: popupKeys.all });
      toast.success(popup ? `Saved “${saved.title}”` : `Created “${saved.title}”`);
      props.onSaved(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
      for (const [path, message] of Object.entries(fields ?? {})) {
        const name = fieldNames.find((candidate) => candidate === path);
        if (name) form.setError(name, { message });
      }
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 min-[1200px]:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0 space-y-6">
        <Card labelledBy="popup-content-title">
          <CardHeader id="popup-content-title" title="Content" />
          <div className="space-y-4 p-4">
            <Field id="popup-title" label="Title" error={labelled("Title", errors.title?.message)}>
              {(control) => <TextInput {...control} autoComplete="off" {...form.register("title")} />}
            </Field>
            <Field id="popup-body" label="Text" error={labelled("Text", errors.body?.message)}>
              {(control) => <TextArea {...control} rows={3} {...form.register("body")} />}
            </Field>
            <Controller
              control={form.control}
              name="image"
              render={({ field }) => (
                <ImageField
                  label="Image (optional)"
                  value={field.value}
                  onChange={field.onChange}
                  hint="Shown above the text, 16:9."
                />
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="popup-button-label"
                label="Button label"
                error={labelled("Button label", errors.buttonLabel?.message)}
              >
                {(control) => <TextInput {...control} placeholder="Shop the drop" {...form.register("buttonLabel")} />}
              </Field>
              <Field
                id="popup-button-url"
                label="Button link"
                hint="A path on this shop (/new-arrivals) or an https:// link."
                error={labelled("Button link", errors.buttonUrl?.message)}
              >
                {(control) => <TextInput {...control} placeholder="/new-arrivals" {...form.register("buttonUrl")} />}
              </Field>
            </div>
            <Field
              id="popup-coupon"
              label="Coupon code (optional)"
              hint="Shown with a Copy button."
              error={labelled("Coupon code", errors.couponCode?.message)}
            >
              {(control) => <TextInput {...control} className="font-mono uppercase" {...form.register("couponCode")} />}
            </Field>
          </div>
        </Card>
        <Card labelledBy="popup-rules-title">
          <CardHeader id="popup-rules-title" title="Who, where, when" />
          <div className="grid gap-4 p-4 sm:grid-cols-2">
            <Field id="popup-audience" label="Audience">
              {(control) => (
                <Select {...control} className="w-full" {...form.register("audience")}>
                  {popupAudiences.map((value) => (
                    <option key={value} value={value}>
                      {popupAudienceLabels[value]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="popup-frequency" label="How often">
              {(control) => (
                <Select {...control} className="w-full" {...form.register("frequency")}>
                  {popupFrequencies.map((value) => (
                    <option key={value} value={value}>
                      {popupFrequencyLabels[value]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="popup-pages" label="Pages">
              {(control) => (
                <Select {...control} className="w-full" {...form.register("pages")}>
                  <option value="home">Home page</option>
                  <option value="all">Every storefront page</option>
                  <option value="category">A category's product lists</option>
                </Select>
              )}
            </Field>
            {values.pages === "category" ? (
              <Field id="popup-category" label="Category" error={labelled("Category:", errors.categoryId?.message)}>
                {(control) => (
                  <Select {...control} className="w-full" {...form.register("categoryId")}>
                    <option value="">Choose…</option>
                    {topCategories.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : (
              <div />
            )}
            <Field id="popup-starts" label="Show from" hint="Optional, your time zone.">
              {(control) => <TextInput {...control} type="datetime-local" {...form.register("startsAt")} />}
            </Field>
            <Field id="popup-ends" label="Show until" error={labelled("End", errors.endsAt?.message)}>
              {(control) => <TextInput {...control} type="datetime-local" {...form.register("endsAt")} />}
            </Field>
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <Checkbox id="popup-active" checked={field.value} onCheckedChange={field.onChange} label="Enabled" />
              )}
            />
          </div>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : popup ? "Save pop-up" : "Create pop-up"}
          </Button>
        </div>
      </div>
      <aside className="min-[1200px]:sticky min-[1200px]:top-4 min-[1200px]:self-start">
        <Card labelledBy="popup-preview-title">
          <CardHeader id="popup-preview-title" title="Preview" />
          <div className="bg-stone-200/70 p-4">
            <div className="overflow-hidden rounded-2xl bg-white shadow-lg" data-testid="popup-preview">
              <div className="relative">
                {values.image ? (
                  <img
                    src={imageUrl(values.image, 480)}
                    alt=""
                    width={480}
                    height={270}
                    className="aspect-video w-full object-cover"
                  />
                ) : null}
                <span className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full bg-white/90">
                  <X aria-hidden className="size-4" />
                </span>
              </div>
              <div className="space-y-3 p-5">
                <p className="pr-8 font-bold text-lg">{values.title || "Your title"}</p>
                {values.body ? <p className="whitespace-pre-line text-sm text-stone-700">{values.body}</p> : null}
                {values.couponCode.trim() ? (
                  <p className="rounded-lg border border-dashed border-stone-400 bg-stone-50 px-3 py-2 font-mono font-semibold text-sm uppercase">
                    {values.couponCode.trim()}
                  </p>
                ) : null}
                {values.buttonLabel ? (
                  <p className="flex h-10 items-center justify-center rounded-full bg-ink font-semibold text-sm text-white">
                    {values.buttonLabel}
                  </p>
                ) : null}
              </div>
            </div>
          </div>
        </Card>
      </aside>
    </form>
  );
}
