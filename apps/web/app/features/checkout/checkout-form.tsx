/**
 * The checkout form: contact, delivery address (saved ones for customers), zone, payment
 * method, coupon, and the live quote beside it. The body is checked with the contract's
 * own schema before it is sent; the server's field errors land on the same inputs.
 */
import { type CheckoutOptions, PlaceOrderBody, type QuoteBody } from "@atelier/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";
import { toast } from "../../lib/toast.ts";
import { rememberZone } from "../catalog/delivery-zone.ts";
import { CouponField } from "../promotions/coupon-field.tsx";
import { storeCoupon, storedCoupon } from "../promotions/coupon-store.ts";
import { errorMessage, placeOrder, useQuote } from "./api.ts";
import { Section, TextField } from "./fields.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { useDebounced } from "./use-debounced.ts";

interface FormValues {
  email: string;
  phone: string;
  savedAddressId: string;
  fullName: string;
  addressPhone: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  saveAddress: boolean;
  deliveryZoneId: string;
  paymentMethod: string;
  transferReference: string;
  note: string;
}

const NEW_ADDRESS = "new";

/** Body paths (contract) → form fields. */
const fieldOf: Record<string, keyof FormValues> = {
  "contact.email": "email",
  "contact.phone": "phone",
  "address.fullName": "fullName",
  "address.phone": "addressPhone",
  "address.line1": "line1",
  "address.line2": "line2",
  "address.city": "city",
  "address.region": "region",
  "address.postalCode": "postalCode",
  "address.country": "country",
  address: "line1",
  savedAddressId: "savedAddressId",
  deliveryZoneId: "deliveryZoneId",
  paymentMethod: "paymentMethod",
  transferReference: "transferReference",
  note: "note",
};

const labelOf: Partial<Record<keyof FormValues, string>> = {
  email: "Email",
  phone: "Phone",
  fullName: "Full name",
  addressPhone: "Phone for the courier",
  line1: "Address",
  city: "City",
  country: "Country",
  deliveryZoneId: "Delivery zone",
  paymentMethod: "Payment method",
  transferReference: "Transaction id",
};

export function CheckoutForm(props: { options: CheckoutOptions; idempotencyKey: string }) {
  const { options } = props;
  const navigate = useNavigate();
  const defaultAddress = options.savedAddresses[0];
  const form = useForm<FormValues>({
    defaultValues: {
      email: options.contact?.email ?? "",
      phone: defaultAddress?.phone ?? "",
      savedAddressId: defaultAddress ? String(defaultAddress.id) : NEW_ADDRESS,
      fullName: options.contact?.name ?? "",
      addressPhone: "",
      line1: "",
      line2: "",
      city: "",
      region: "",
      postalCode: "",
      country: options.country,
      saveAddress: false,
      deliveryZoneId: String(defaultAddress?.deliveryZoneId ?? options.zones[0]?.id ?? ""),
      paymentMethod: options.paymentMethods[0]?.method ?? "",
      transferReference: "",
      note: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [coupon, setCouponState] = useState<string | null>(() => storedCoupon());
  const setCoupon = (code: string | null) => {
    setCouponState(code);
    storeCoupon(code);
  };
  const [formError, setFormError] = useState<string | null>(null);

  const values = form.watch();
  const saved = options.savedAddresses.find((address) => String(address.id) === values.savedAddressId);
  const destination = saved
    ? { country: saved.country, region: saved.region }
    : { country: values.country.trim().toUpperCase() || options.country, region: values.region.trim() };
  // Typing an address asks for a new quote once the typing pauses, not on every key.
  const typed = useDebounced(`${destination.country}|${destination.region}`);
  const [country = "", region = ""] = typed.split("|");
  // Per-customer coupon limits count guests by email: the quote hears the email once typed.
  const typedEmail = useDebounced(values.email.trim());
  const quoteBody: QuoteBody = {
    deliveryZoneId: values.deliveryZoneId ? Number(values.deliveryZoneId) : null,
    destination: /^[A-Z]{2}$/.test(country) ? { country, region } : null,
    couponCode: coupon,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typedEmail) ? typedEmail : null,
  };
  const quote = useQuote(quoteBody, true);
  const method = options.paymentMethods.find((candidate) => candidate.method === values.paymentMethod);
  const error = (name: keyof FormValues) => errors[name]?.message;

  function buildBody(v: FormValues) {
    const useSaved = v.savedAddressId !== NEW_ADDRESS && v.savedAddressId !== "";
    return {
      contact: { email: v.email, phone: v.phone },
      savedAddressId: useSaved ? Number(v.savedAddressId) : null,
      address: useSaved
        ? null
        : {
            fullName: v.fullName,
            phone: v.addressPhone || v.phone,
            line1: v.line1,
            line2: v.line2,
            city: v.city,
            region: v.region,
            postalCode: v.postalCode,
            country: v.country,
          },
      saveAddress: !useSaved && v.saveAddress,
      deliveryZoneId: Number(v.deliveryZoneId),
      paymentMethod: v.paymentMethod,
      transferReference: v.paymentMethod === "manual_transfer" ? v.transferReference : null,
      couponCode: coupon,
      note: v.note,
    };
  }

  function showFieldErrors(fields: Record<string, string>) {
    for (const [path, message] of Object.entries(fields)) {
      const name = fieldOf[path];
      if (name) form.setError(name, { message: `${labelOf[name] ?? "This"} ${message}` });
    }
  }

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    // The zone this shopper ships to: product pages show what its warehouses hold (issue 14).
    rememberZone(Number(v.deliveryZoneId));
    const body = buildBody(v);
    const checked = PlaceOrderBody.safeParse(body);
    if (!checked.success) {
      showFieldErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join("."), issue.message] as const)),
      );
      return;
    }
    try {
      const answer = await placeOrder(checked.data, props.idempotencyKey);
      if (answer.redirectUrl) {
        window.location.assign(answer.redirectUrl);
        return;
      }
      storeCoupon(null);
      toast.success(`Order ${answer.order.number} placed`);
      navigate(paths.checkoutComplete(answer.order.number));
    } catch (caught) {
      if (caught instanceof ApiError && caught.body?.error.fields) showFieldErrors(caught.body.error.fields);
      setFormError(errorMessage(caught));
      // A coupon refused at the last moment (e.g. its last use just went): ask again so its box says why.
      if (caught instanceof ApiError && caught.body?.error.fields?.couponCode) void quote.refetch();
    }
  });

  const lines = quote.data?.lines ?? [];
  const empty = quote.isSuccess && lines.length === 0;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 min-[900px]:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid gap-6">
        <Section title="Contact">
          <div className="grid gap-4 min-[600px]:grid-cols-2">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={error("email")}
              {...form.register("email")}
            />
            <TextField label="Phone" type="tel" autoComplete="tel" error={error("phone")} {...form.register("phone")} />
          </div>
        </Section>

        <Section title="Delivery address">
          {options.savedAddresses.length > 0 ? (
            <fieldset className="mb-4 grid gap-2">
              <legend className="mb-2 font-medium text-sm">Your addresses</legend>
              {options.savedAddresses.map((address) => (
                <label key={address.id} className="flex items-start gap-2 rounded-lg border border-stone-300 p-3">
                  <input type="radio" value={String(address.id)} {...form.register("savedAddressId")} />
                  <span className="text-sm">
                    <span className="font-medium">{address.label || address.fullName}</span>
                    <br />
                    {address.line1}, {address.city} {address.postalCode}, {address.country}
                  </span>
                </label>
              ))}
              <label className="flex items-center gap-2 rounded-lg border border-stone-300 p-3 text-sm">
                <input type="radio" value={NEW_ADDRESS} {...form.register("savedAddressId")} />A new address
              </label>
            </fieldset>
          ) : null}
          {saved ? null : (
            <div className="grid gap-4 min-[600px]:grid-cols-2">
              <TextField
                label="Full name"
                autoComplete="name"
                error={error("fullName")}
                {...form.register("fullName")}
              />
              <TextField
                label="Phone for the courier"
                type="tel"
                autoComplete="tel"
                hint="Leave empty to use your contact phone."
                error={error("addressPhone")}
                {...form.register("addressPhone")}
              />
              <TextField
                label="Address"
                autoComplete="address-line1"
                className="min-[600px]:col-span-2"
                error={error("line1")}
                {...form.register("line1")}
              />
              <TextField
                label="Apartment, suite (optional)"
                autoComplete="address-line2"
                className="min-[600px]:col-span-2"
                {...form.register("line2")}
              />
              <TextField label="City" autoComplete="address-level2" error={error("city")} {...form.register("city")} />
              <TextField
                label="State or region"
                autoComplete="address-level1"
                hint="A code such as NY sets the right tax."
                {...form.register("region")}
              />
              <TextField label="Postal code" autoComplete="postal-code" {...form.register("postalCode")} />
              <TextField
                label="Country"
                autoComplete="country"
                hint="Two letters, e.g. US."
                error={error("country")}
                {...form.register("country")}
              />
              {options.contact ? (
                <label className="flex items-center gap-2 text-sm min-[600px]:col-span-2">
                  <input type="checkbox" {...form.register("saveAddress")} />
                  Save this address for next time
                </label>
              ) : null}
            </div>
          )}
        </Section>

        <Section title="Delivery">
          <fieldset className="grid gap-2" aria-describedby={error("deliveryZoneId") ? "zone-error" : undefined}>
            <legend className="sr-only">Delivery zone</legend>
            {options.zones.map((zone) => (
              <label key={zone.id} className="flex items-start gap-2 rounded-lg border border-stone-300 p-3">
                <input type="radio" value={String(zone.id)} {...form.register("deliveryZoneId")} />
                <span className="text-sm">
                  <span className="font-medium">{zone.name}</span>
                  {zone.estimate ? <span className="text-muted"> · {zone.estimate}</span> : null}
                  {zone.description ? <span className="block text-muted">{zone.description}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          {error("deliveryZoneId") ? (
            <p id="zone-error" className="mt-2 text-red-700 text-sm">
              {error("deliveryZoneId")}
            </p>
          ) : null}
        </Section>

        <Section title="Payment">
          <fieldset className="grid gap-2">
            <legend className="sr-only">Payment method</legend>
            {options.paymentMethods.map((candidate) => (
              <label key={candidate.method} className="flex items-center gap-2 rounded-lg border border-stone-300 p-3">
                <input type="radio" value={candidate.method} {...form.register("paymentMethod")} />
                <span className="font-medium text-sm">{candidate.title}</span>
              </label>
            ))}
          </fieldset>
          {error("paymentMethod") ? <p className="mt-2 text-red-700 text-sm">{error("paymentMethod")}</p> : null}
          {method?.instructions ? (
            <p className="mt-3 whitespace-pre-line rounded-lg bg-stone-100 p-3 text-sm">{method.instructions}</p>
          ) : null}
          {values.paymentMethod === "manual_transfer" ? (
            <TextField
              className="mt-3"
              label="Transaction id"
              hint="The id your bank or wallet gave you for the transfer."
              error={error("transferReference")}
              {...form.register("transferReference")}
            />
          ) : null}
        </Section>
      </div>

      <aside className="grid content-start gap-4" aria-label="Order summary">
        <Section title="Your order">
          {quote.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              <div className="h-5 animate-pulse rounded bg-stone-200" />
              <div className="h-5 animate-pulse rounded bg-stone-200" />
              <div className="h-5 w-1/2 animate-pulse rounded bg-stone-200" />
            </div>
          ) : quote.isError ? (
            <p className="text-red-700 text-sm">{errorMessage(quote.error)}</p>
          ) : empty ? (
            <p className="text-sm">
              Your cart is empty. <Link to="/">Continue shopping</Link>
            </p>
          ) : quote.data ? (
            <OrderSummary
              currency={quote.data.currency}
              lines={quote.data.lines.map((line) => ({
                ...line,
                note: line.orderable
                  ? undefined
                  : line.stockState === "sold_out"
                    ? "Sold out"
                    : line.onlyLeft !== null
                      ? `Only ${line.onlyLeft} left`
                      : "Not that many in stock",
              }))}
              totals={quote.data.totals}
              discounts={quote.data.discounts}
            />
          ) : null}
          <div className="mt-4">
            <CouponField
              applied={coupon}
              answer={quote.data?.coupon ?? null}
              pending={quote.isFetching}
              onApply={setCoupon}
              onRemove={() => setCoupon(null)}
            />
          </div>
        </Section>
        {formError ? (
          <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-800 text-sm">
            {formError}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={isSubmitting || empty || quote.isPending}
          className="rounded-lg bg-ink px-4 py-3 font-semibold text-white disabled:opacity-60"
        >
          {isSubmitting ? "Placing your order…" : values.paymentMethod === "card" ? "Pay by card" : "Place order"}
        </button>
      </aside>
    </form>
  );
}
