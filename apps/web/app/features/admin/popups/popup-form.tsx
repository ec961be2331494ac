/**
 * Create or edit a pop-up, beside a live preview of the modal shoppers will see. The
 * contract's PopupInput checks the values in the browser first (end before start, unsafe
 * links, the coupon code's shape); the server checks again and its field errors land
 * beside the same fields.
 */
import { type AdminPopup, PopupInput } from "@atelier/contract";
import {
  popupAudienceLabels,
  popupAudiences,
  popupFrequencies,
  popupFrequencyLabels,
  popupLimits,
  popupPlacementLabels,
  popupPlacements,
} from "@atelier/contract/popup-constants";
import { useId } from "react";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useRootData } from "../../../root.tsx";
import { PopupCard } from "../../popups/popup-card.tsx";
import { ImageField } from "../media/image-field.tsx";
import { showServerErrors } from "../taxonomy/server-errors.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field, Select, TextArea, TextInput } from "../ui/fields.tsx";
import { popupsApi } from "./api.ts";
import { type PopupFormValues, toFormValues, toPopupInput } from "./form-values.ts";

const fieldNames: readonly Path<PopupFormValues>[] = [
  "title",
  "text",
  "imageFilename",
  "imageAlt",
  "buttonLabel",
  "buttonHref",
  "couponCode",
  "startsAt",
  "endsAt",
  "audience",
  "placement",
  "categoryId",
  "frequency",
];

const labels: Record<string, string> = {
  title: "Title",
  text: "Text",
  imageFilename: "Image",
  imageAlt: "Image description",
  buttonLabel: "Button label",
  buttonHref: "Button link",
  couponCode: "Coupon code",
  startsAt: "Start",
  endsAt: "End",
  categoryId: "Category",
};

export function PopupForm(props: { popup?: AdminPopup; onSaved?: (popup: AdminPopup) => void; onCancel?: () => void }) {
  const { popup } = props;
  const id = useId();
  const save = popupsApi.useSave();
  const categories = popupsApi.useCategories();
  const zone = useRootData().settings.timeZone;
  const form = useForm<PopupFormValues>({ defaultValues: toFormValues(zone, popup) });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as PopupFormValues;
  const error = (name: keyof PopupFormValues) => {
    const message = errors[name]?.message;
    return message ? `${labels[name] ?? name} ${message}` : undefined;
  };

  const onSubmit = form.handleSubmit(async (formValues) => {
    const parsed = PopupInput.safeParse(toPopupInput(formValues, zone));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = fieldNames.find((candidate) => candidate === issue.path[0]);
        if (name) form.setError(name, { message: issue.message });
      }
      const first = parsed.error.issues[0]?.path[0];
      if (typeof first === "string") form.setFocus(first as Path<PopupFormValues>);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: popup?.id, body: toPopupInput(formValues, zone) });
      toast.success(popup ? `Saved the pop-up “${saved.title}”` : `Added the pop-up “${saved.title}”`);
      if (!popup) form.reset(toFormValues(zone));
      props.onSaved?.(saved);
    } catch (failure) {
      showServerErrors(failure, form.setError, fieldNames);
    }
  });

  const placement = values.placement;
  return (
    <div className="grid items-start gap-6 min-[1200px]:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Card labelledBy={`${id}-form-title`}>
        <CardHeader id={`${id}-form-title`} title={popup ? `Edit “${popup.title}”` : "New pop-up"} />
        <form onSubmit={onSubmit} noValidate className="space-y-6 p-4">
          <fieldset className="space-y-4">
            <legend className="mb-2 font-semibold text-sm">Content</legend>
            <Field id={`${id}-title`} label="Title" error={error("title")}>
              {(control) => (
                <TextInput {...control} maxLength={popupLimits.title} autoComplete="off" {...form.register("title")} />
              )}
            </Field>
            <Field
              id={`${id}-text`}
              label="Text"
              hint="Plain text; line breaks are kept. Shown as typed, never as HTML."
              error={error("text")}
            >
              {(control) => <TextArea {...control} rows={3} maxLength={popupLimits.text} {...form.register("text")} />}
            </Field>
            <Controller
              control={form.control}
              name="imageFilename"
              render={({ field }) => (
                <ImageField
                  label="Image (optional)"
                  value={field.value}
                  onChange={field.onChange}
                  hint="Shown 16:9 above the title. JPEG, PNG, WebP or AVIF, up to 10 MB."
                  error={error("imageFilename")}
                />
              )}
            />
            {values.imageFilename ? (
              <Field
                id={`${id}-alt`}
                label="Image description"
                hint="For people who cannot see the image; leave empty if it is decoration."
                error={error("imageAlt")}
              >
                {(control) => (
                  <TextInput {...control} maxLength={popupLimits.imageAlt} {...form.register("imageAlt")} />
                )}
              </Field>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id={`${id}-button-label`}
                label="Button label"
                hint="Optional, e.g. Shop the sale"
                error={error("buttonLabel")}
              >
                {(control) => (
                  <TextInput {...control} maxLength={popupLimits.buttonLabel} {...form.register("buttonLabel")} />
                )}
              </Field>
              <Field
                id={`${id}-button-href`}
                label="Button link"
                hint="A path on this shop (/categories/Men) or an https:// address"
                error={error("buttonHref")}
              >
                {(control) => (
                  <TextInput
                    {...control}
                    inputMode="url"
                    maxLength={popupLimits.href}
                    {...form.register("buttonHref")}
                  />
                )}
              </Field>
            </div>
            <Field
              id={`${id}-coupon`}
              label="Coupon code"
              hint="Optional: shown with a copy button. Create the coupon itself under Coupons."
              error={error("couponCode")}
            >
              {(control) => (
                <TextInput
                  {...control}
                  maxLength={popupLimits.couponCode}
                  autoComplete="off"
                  className="font-mono uppercase"
                  {...form.register("couponCode")}
                />
              )}
            </Field>
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="mb-2 font-semibold text-sm">Schedule</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-starts`} label="Starts" hint="Empty: as soon as it is saved" error={error("startsAt")}>
                {(control) => <TextInput {...control} type="datetime-local" step={1} {...form.register("startsAt")} />}
              </Field>
              <Field id={`${id}-ends`} label="Ends" hint="Empty: until you end it" error={error("endsAt")}>
                {(control) => <TextInput {...control} type="datetime-local" step={1} {...form.register("endsAt")} />}
              </Field>
            </div>
            <p className="text-muted text-xs">Times are in the store's time zone ({zone}).</p>
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="mb-2 font-semibold text-sm">Who, where and how often</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-audience`} label="Audience" error={error("audience")}>
                {(control) => (
                  <Select {...control} className="w-full" {...form.register("audience")}>
                    {popupAudiences.map((audience) => (
                      <option key={audience} value={audience}>
                        {popupAudienceLabels[audience]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field id={`${id}-frequency`} label="Frequency" error={error("frequency")}>
                {(control) => (
                  <Select {...control} className="w-full" {...form.register("frequency")}>
                    {popupFrequencies.map((frequency) => (
                      <option key={frequency} value={frequency}>
                        {popupFrequencyLabels[frequency]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field id={`${id}-placement`} label="Pages" error={error("placement")}>
                {(control) => (
                  <Select {...control} className="w-full" {...form.register("placement")}>
                    {popupPlacements.map((value) => (
                      <option key={value} value={value}>
                        {popupPlacementLabels[value]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              {placement === "category" ? (
                <Field
                  id={`${id}-category`}
                  label="Category"
                  hint="Its page and its product lists"
                  error={error("categoryId")}
                >
                  {(control) => (
                    <Select
                      {...control}
                      className="w-full"
                      disabled={categories.isPending}
                      {...form.register("categoryId")}
                    >
                      <option value="">{categories.isPending ? "Loading categories…" : "Choose a category"}</option>
                      {(categories.data ?? []).map((category) => (
                        <option key={category.id} value={String(category.id)}>
                          {category.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ) : null}
            </div>
            <Controller
              control={form.control}
              name="isEnabled"
              render={({ field }) => (
                <Checkbox
                  id={`${id}-enabled`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  label="Enabled"
                  hint="A disabled pop-up never shows, whatever its schedule."
                />
              )}
            />
          </fieldset>

          <div className="flex flex-wrap justify-end gap-2 border-line border-t pt-4">
            {props.onCancel ? (
              <Button variant="secondary" onClick={props.onCancel}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : popup ? "Save pop-up" : "Add pop-up"}
            </Button>
          </div>
        </form>
      </Card>
      <PopupPreview values={values} />
    </div>
  );
}

/** What shoppers will see, updated as staff type (the button and copy do nothing here). */
function PopupPreview({ values }: { values: PopupFormValues }) {
  const id = useId();
  return (
    <Card labelledBy={`${id}-preview`} className="min-[1200px]:sticky min-[1200px]:top-4">
      <CardHeader id={`${id}-preview`} title="Preview" description="How the pop-up looks on the shop." />
      <div className="rounded-b-xl bg-stone-800/60 p-4 sm:p-6">
        <div className="mx-auto max-w-[28rem]">
          <PopupCard
            interactive={false}
            popup={{
              title: values.title || "Your title",
              text: values.text,
              image: values.imageFilename ? { filename: values.imageFilename, alt: values.imageAlt } : null,
              button:
                values.buttonLabel && values.buttonHref ? { label: values.buttonLabel, href: values.buttonHref } : null,
              couponCode: values.couponCode.trim() || null,
            }}
            renderTitle={(title, className) => <p className={className}>{title}</p>}
          />
        </div>
      </div>
    </Card>
  );
}
