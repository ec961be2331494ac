/**
 * /customization/new: ask for a customized piece (issue 7), from the 'Customize' category
 * or a product page (`?productId=` names the base product). Guests may ask too (their
 * guest token); contact details are prefilled for signed-in shoppers. Reference images go
 * through the same upload as return photos (the media pipeline).
 */
import { customizationLimits } from "@atelier/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { fieldClass, InputField, primaryButton, Skeleton, TextAreaField } from "../components/form-field.tsx";
import { useCreateCustomization, useCustomizationOptions } from "../features/customization/api.ts";
import { useAuth } from "../features/identity/auth-store.ts";
import { createShopperQueryClient, uploadRequestPhoto } from "../features/orders/api.ts";
import { useShopper } from "../features/orders/use-shopper.ts";
import { ApiError } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/customization-new";

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, {
    heading: "Request a customization",
    description: "Tell us what you would like made: size, color, quantity, a description and pictures.",
  });

export default function CustomizationNew() {
  const [client] = useState(createShopperQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-2xl px-4 py-6 min-[900px]:py-10">
        <h1 className="mb-2 font-semibold text-2xl">Request a customization</h1>
        <p className="mb-6 text-muted">
          Tell us what you would like made. We reply with a price and a delivery time, usually within two days.
        </p>
        <RequestForm />
      </div>
    </QueryClientProvider>
  );
}

function RequestForm() {
  const [search] = useSearchParams();
  const productId = Number(search.get("productId")) || null;
  const productName = search.get("product");
  const auth = useAuth();
  const shopper = useShopper();
  const options = useCustomizationOptions();
  const create = useCreateCustomization();
  const navigate = useNavigate();
  const typeId = useId();
  const [values, setValues] = useState({
    productTypeId: "",
    size: "",
    color: "",
    quantity: "1",
    description: "",
    name: "",
    email: "",
    phone: "",
  });
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signedInEmail = auth.status === "signed-in" ? auth.user.email : "";
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  if (shopper.status === "loading" || options.isPending) return <Skeleton label="Loading the form" className="h-96" />;

  async function upload(files: FileList | null) {
    if (!files) return;
    setUploading(true);
    try {
      for (const file of Array.from(files).slice(0, customizationLimits.maxImages - images.length)) {
        const uploaded = await uploadRequestPhoto(file);
        setImages((current) => [...current, uploaded.filename]);
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "The picture could not be uploaded.");
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const request = await create.mutateAsync({
        productId,
        productTypeId: values.productTypeId ? Number(values.productTypeId) : null,
        size: values.size,
        color: values.color,
        quantity: Number(values.quantity) || 0,
        description: values.description,
        images,
        contact: {
          name: values.name || (auth.status === "signed-in" ? auth.user.username : ""),
          email: values.email || signedInEmail,
          phone: values.phone,
        },
      });
      toast.success("Request sent. We will reply by email.");
      navigate(`/customization/${request.id}`);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.body?.error.fields ?? {});
        toast.error(error.message);
      } else toast.error("The shop could not be reached. Check your connection and try again.");
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {productId ? (
        <p className="rounded-lg bg-stone-100 p-3 text-sm">Based on: {productName ?? `product #${productId}`}</p>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor={typeId} className="font-medium text-sm">
          Product type{productId ? " (optional)" : ""}
        </label>
        <select
          id={typeId}
          className={fieldClass}
          value={values.productTypeId}
          onChange={set("productTypeId")}
          aria-invalid={errors.productTypeId ? true : undefined}
          aria-describedby={errors.productTypeId ? `${typeId}-error` : undefined}
        >
          <option value="">Choose a type</option>
          {(options.data?.productTypes ?? []).map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
        {errors.productTypeId ? (
          <p id={`${typeId}-error`} className="text-red-700 text-sm">
            Product type: {errors.productTypeId}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 min-[600px]:grid-cols-3">
        <InputField label="Size" value={values.size} onChange={set("size")} error={errors.size} />
        <InputField label="Color" value={values.color} onChange={set("color")} error={errors.color} />
        <InputField
          label="Quantity"
          type="number"
          min={1}
          max={customizationLimits.maxQuantity}
          value={values.quantity}
          onChange={set("quantity")}
          error={errors.quantity}
        />
      </div>
      <TextAreaField
        label="What would you like?"
        rows={5}
        value={values.description}
        onChange={set("description")}
        error={errors.description}
        hint="The design, where it goes, materials, anything that helps."
      />
      <InputField
        label={`Reference pictures (up to ${customizationLimits.maxImages})`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={uploading || images.length >= customizationLimits.maxImages}
        onChange={(event) => void upload(event.target.files)}
        hint={uploading ? "Uploading…" : `${images.length} uploaded`}
      />
      <fieldset className="grid gap-4 min-[600px]:grid-cols-3">
        <legend className="mb-2 font-medium">How we reach you</legend>
        <InputField
          label="Name"
          autoComplete="name"
          value={values.name || (auth.status === "signed-in" ? auth.user.username : "")}
          onChange={set("name")}
          error={errors["contact.name"]}
        />
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email || signedInEmail}
          onChange={set("email")}
          error={errors["contact.email"]}
        />
        <InputField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set("phone")}
          error={errors["contact.phone"]}
        />
      </fieldset>
      <div>
        <button type="submit" className={primaryButton} disabled={create.isPending || uploading}>
          {create.isPending ? "Sending…" : "Send request"}
        </button>
      </div>
    </form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
