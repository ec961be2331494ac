/**
 * /customization/:id: one of the shopper's customization requests: its status, the quote,
 * and once quoted, "Accept the quote"; an accepted quote is paid here through checkout's
 * own call (`customizationRequestId` in the order body: one line at the quoted price,
 * the usual delivery zone, tax and payment method), which leads to the order's
 * confirmation page.
 */
import type { CustomizationRequest } from "@atelier/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { fieldClass, InputField, primaryButton, Skeleton, secondaryButton } from "../components/form-field.tsx";
import {
  useCheckoutOptions,
  useCustomizationAction,
  useMyCustomization,
  usePlaceCustomOrder,
} from "../features/customization/api.ts";
import { createShopperQueryClient } from "../features/orders/api.ts";
import { useShopper } from "../features/orders/use-shopper.ts";
import { ApiError } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { formatMoney } from "../lib/money.ts";
import { paths } from "../lib/paths.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/customization-request";

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...storefrontMeta(matches, { heading: `Customization request #${params.id}`, description: "Your request." }),
  { name: "robots", content: "noindex" },
];

const statusText: Record<CustomizationRequest["status"], string> = {
  new: "Sent: we are looking at it.",
  quoted: "Quoted: accept the quote to order it.",
  rejected: "We cannot make this one.",
  accepted: "Accepted: pay below to place the order.",
  ordered: "Ordered.",
  cancelled: "Withdrawn.",
};

export default function CustomizationRequestPage() {
  const [client] = useState(createShopperQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 min-[900px]:py-10">
        <p className="mb-4 text-sm">
          <Link to="/customization" className="underline">
            ← My customization requests
          </Link>
        </p>
        <RequestView />
      </div>
    </QueryClientProvider>
  );
}

function RequestView() {
  const id = Number(useParams().id) || 0;
  const shopper = useShopper();
  const ready = shopper.status === "user" || shopper.status === "guest";
  const who = ready ? shopper.key : "nobody";
  const query = useMyCustomization(who, id, ready);
  const action = useCustomizationAction(who, id);
  if (shopper.status === "loading" || (ready && query.isPending)) {
    return <Skeleton label="Loading your request" className="h-64" />;
  }
  if (!query.data) {
    return (
      <p role="alert">
        {query.error instanceof ApiError && query.error.status === 404
          ? "We could not find that request. Sign in with the account that sent it."
          : "The request could not be loaded."}
      </p>
    );
  }
  const request = query.data;
  const run = async (kind: "accept" | "cancel") => {
    try {
      await action.mutateAsync({ kind, version: request.version });
      toast.success(kind === "accept" ? "Quote accepted" : "Request withdrawn");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "The shop could not be reached.");
      void query.refetch();
    }
  };
  return (
    <article className="grid gap-6">
      <header>
        <h1 className="font-semibold text-2xl">Customization request #{request.id}</h1>
        <p className="mt-1" role="status">
          {statusText[request.status]}
        </p>
      </header>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 rounded-xl border border-line bg-white p-4 text-sm">
        <dt className="text-muted">Base</dt>
        <dd>{[request.productName, request.productTypeName].filter(Boolean).join(" · ") || "—"}</dd>
        <dt className="text-muted">Size / color</dt>
        <dd>{[request.size, request.color].filter(Boolean).join(" / ") || "—"}</dd>
        <dt className="text-muted">Quantity</dt>
        <dd>{request.quantity}</dd>
        <dt className="text-muted">Description</dt>
        <dd className="whitespace-pre-wrap">{request.description}</dd>
      </dl>
      {request.quotePrice !== null && request.status !== "rejected" ? (
        <section aria-labelledby="quote-heading" className="rounded-xl border border-line bg-white p-4">
          <h2 id="quote-heading" className="mb-2 font-semibold text-lg">
            Our quote
          </h2>
          <p>
            {formatMoney(request.quotePrice, request.currency)} each ·{" "}
            <strong>{formatMoney(request.quotePrice * request.quantity, request.currency)}</strong> for{" "}
            {request.quantity}, plus delivery
          </p>
          <p>Delivery time: {request.quoteDeliveryTime}</p>
          {request.quoteNote ? <p className="mt-1 text-muted">{request.quoteNote}</p> : null}
        </section>
      ) : null}
      {request.rejectionReason ? <p>Reason: {request.rejectionReason}</p> : null}
      {request.orderNumber ? (
        <p>
          Your order:{" "}
          <Link className="underline" to={`${paths.myOrders()}/${request.orderNumber}`}>
            {request.orderNumber}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {request.status === "quoted" ? (
          <button type="button" className={primaryButton} disabled={action.isPending} onClick={() => run("accept")}>
            Accept the quote
          </button>
        ) : null}
        {request.status === "new" || request.status === "quoted" || request.status === "accepted" ? (
          <button type="button" className={secondaryButton} disabled={action.isPending} onClick={() => run("cancel")}>
            Withdraw the request
          </button>
        ) : null}
      </div>
      {request.status === "accepted" ? <PayForm request={request} /> : null}
    </article>
  );
}

function PayForm({ request }: { request: CustomizationRequest }) {
  const options = useCheckoutOptions();
  const place = usePlaceCustomOrder();
  const navigate = useNavigate();
  const [key] = useState(() => crypto.randomUUID());
  const zoneId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [v, setV] = useState({
    email: request.contactEmail,
    phone: request.contactPhone,
    fullName: request.contactName,
    line1: "",
    city: "",
    region: "",
    postalCode: "",
    country: "",
    zone: "",
    method: "cod",
    reference: "",
  });
  const set = (name: keyof typeof v) => (event: { target: { value: string } }) =>
    setV((current) => ({ ...current, [name]: event.target.value }));
  if (options.isPending) return <Skeleton label="Loading payment options" className="h-64" />;
  if (!options.data) return <p role="alert">The payment options could not be loaded.</p>;
  const methods = options.data.paymentMethods.filter((method) => method.method !== "card");
  const chosen = methods.find((method) => method.method === v.method);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await place.mutateAsync({
        key,
        body: {
          contact: { email: v.email, phone: v.phone },
          address: {
            fullName: v.fullName,
            phone: v.phone,
            line1: v.line1,
            line2: "",
            city: v.city,
            region: v.region,
            postalCode: v.postalCode,
            country: v.country || options.data?.country || "",
          },
          deliveryZoneId: Number(v.zone) || 0,
          paymentMethod: v.method as "cod" | "manual_transfer",
          transferReference: v.method === "manual_transfer" ? v.reference : null,
          customizationRequestId: request.id,
        },
      });
      toast.success(`Order ${answer.order.number} placed`);
      navigate(paths.checkoutComplete(answer.order.number));
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.body?.error.fields ?? {});
        toast.error(error.message);
      } else toast.error("The shop could not be reached.");
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="pay-heading"
      className="grid gap-4 rounded-xl border border-line bg-white p-4"
    >
      <h2 id="pay-heading" className="font-semibold text-lg">
        Delivery and payment
      </h2>
      <div className="grid gap-4 min-[600px]:grid-cols-2">
        <InputField
          label="Full name"
          autoComplete="name"
          value={v.fullName}
          onChange={set("fullName")}
          error={errors["address.fullName"]}
        />
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          value={v.email}
          onChange={set("email")}
          error={errors["contact.email"]}
        />
        <InputField
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={v.phone}
          onChange={set("phone")}
          error={errors["contact.phone"]}
        />
        <InputField
          label="Address"
          autoComplete="address-line1"
          value={v.line1}
          onChange={set("line1")}
          error={errors["address.line1"]}
        />
        <InputField
          label="City"
          autoComplete="address-level2"
          value={v.city}
          onChange={set("city")}
          error={errors["address.city"]}
        />
        <InputField
          label="Region (optional)"
          value={v.region}
          onChange={set("region")}
          error={errors["address.region"]}
        />
        <InputField
          label="Postal code (optional)"
          autoComplete="postal-code"
          value={v.postalCode}
          onChange={set("postalCode")}
        />
        <InputField
          label="Country code"
          autoComplete="country"
          placeholder={options.data.country}
          value={v.country}
          onChange={set("country")}
          error={errors["address.country"]}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={zoneId} className="font-medium text-sm">
          Delivery zone
        </label>
        <select
          id={zoneId}
          className={fieldClass}
          value={v.zone}
          onChange={set("zone")}
          aria-invalid={errors.deliveryZoneId ? true : undefined}
        >
          <option value="">Choose a zone</option>
          {options.data.zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name} ({formatMoney(zone.fee, options.data?.currency ?? request.currency)})
            </option>
          ))}
        </select>
        {errors.deliveryZoneId ? <p className="text-red-700 text-sm">Delivery zone {errors.deliveryZoneId}</p> : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Payment</legend>
        {methods.map((method) => (
          <label key={method.method} className="flex items-center gap-2">
            <input
              type="radio"
              name="method"
              value={method.method}
              checked={v.method === method.method}
              onChange={set("method")}
            />
            {method.title}
          </label>
        ))}
        {chosen?.instructions ? <p className="whitespace-pre-wrap text-muted text-sm">{chosen.instructions}</p> : null}
      </fieldset>
      {v.method === "manual_transfer" ? (
        <InputField
          label="Transfer reference"
          value={v.reference}
          onChange={set("reference")}
          error={errors.transferReference}
        />
      ) : null}
      <div>
        <button type="submit" className={primaryButton} disabled={place.isPending}>
          {place.isPending ? "Placing…" : "Place the order"}
        </button>
      </div>
    </form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
