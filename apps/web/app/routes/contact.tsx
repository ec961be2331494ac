/**
 * /contact (spec section 2): a message for the shop (stored for staff, mailed to the
 * shop's contact address; rate-limited by the server) beside the shop's contact block.
 */
import { ContactBody, type ContactBody as ContactValues, contactEndpoints } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { InputField, primaryButton, TextAreaField } from "../components/form-field.tsx";
import { applyServerErrors } from "../features/account/server-errors.ts";
import { cachedEmail } from "../features/identity/auth-store.ts";
import { browserApi } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { toast } from "../lib/toast.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, { heading: "Contact us", description: "Questions about an order, sizes or anything else." });

export default function Contact() {
  const { settings } = useRootData();
  const places = [settings.contact.headquarters, ...settings.contact.displayCenters];
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-6 min-[900px]:grid-cols-[3fr_2fr] min-[900px]:py-10">
      <section aria-labelledby="contact-heading">
        <h1 id="contact-heading" className="mb-2 font-semibold text-2xl">
          Contact us
        </h1>
        <p className="mb-6 text-muted">We answer within one business day.</p>
        <ContactForm />
      </section>
      <aside aria-label="Where to find us" className="grid content-start gap-5">
        {places.map((place) => (
          <div key={place.label} className="rounded-xl border border-line bg-white p-4 text-sm">
            <h2 className="mb-2 font-semibold text-base">{place.label}</h2>
            <ul className="grid gap-1.5">
              {place.address ? (
                <li className="flex gap-2">
                  <MapPin aria-hidden className="size-4 shrink-0" />
                  {place.address}
                </li>
              ) : null}
              {place.phone ? (
                <li className="flex gap-2">
                  <Phone aria-hidden className="size-4 shrink-0" />
                  <a href={`tel:${place.phone.replace(/[^+\d]/g, "")}`} className="underline">
                    {place.phone}
                  </a>
                </li>
              ) : null}
              {place.email ? (
                <li className="flex gap-2">
                  <Mail aria-hidden className="size-4 shrink-0" />
                  <a href={`mailto:${place.email}`} className="underline">
                    {place.email}
                  </a>
                </li>
              ) : null}
              {place.hours ? (
                <li className="flex gap-2">
                  <Clock aria-hidden className="size-4 shrink-0" />
                  {place.hours}
                </li>
              ) : null}
            </ul>
          </div>
        ))}
      </aside>
    </div>
  );
}

function ContactForm() {
  const [sent, setSent] = useState(false);
  const form = useForm<ContactValues>({
    resolver: zodResolver(ContactBody),
    defaultValues: { name: "", email: cachedEmail() ?? "", subject: "", message: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await browserApi.send(contactEndpoints.send, { body });
      setSent(true);
      form.reset({ name: "", email: body.email, subject: "", message: "" });
      toast.success("Message sent. Thank you!");
    } catch (error) {
      toast.error(applyServerErrors(error, form.setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {sent ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900 text-sm">
          Thank you, your message has reached us. We will reply by email.
        </p>
      ) : null}
      <div className="grid gap-4 min-[600px]:grid-cols-2">
        <InputField label="Name" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
      </div>
      <InputField label="Subject" error={errors.subject?.message} {...form.register("subject")} />
      <TextAreaField label="Message" rows={6} error={errors.message?.message} {...form.register("message")} />
      <div>
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send message"}
        </button>
      </div>
    </form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
