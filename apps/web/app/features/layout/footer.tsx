/** The footer: every link of the spec, social links, the contact block and this year. */
import type { ContactPlace, StoreSettings } from "@atelier/contract";
import { Link } from "react-router";
import { SpriteIcon } from "../../components/sprite-icon.tsx";
import { paths } from "../../lib/paths.ts";

const columns = [
  {
    title: "Shop",
    links: [
      { label: "About us", href: paths.about() },
      { label: "Artist Collabs", href: paths.artistCollabs() },
      { label: "Influencer Collabs", href: paths.influencerCollabs() },
      { label: "Contact", href: paths.contact() },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Careers", href: paths.content("careers") },
      { label: "Press", href: paths.content("press") },
      { label: "Showrooms", href: paths.content("showrooms") },
      { label: "Affiliate FAQ", href: paths.content("affiliate-faq") },
    ],
  },
  {
    title: "Help",
    links: [
      { label: "Help centre", href: paths.content("help") },
      { label: "Shipping", href: paths.content("shipping") },
      { label: "Returns", href: paths.content("returns") },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms", href: paths.content("terms") },
      { label: "Privacy", href: paths.content("privacy") },
      { label: "Cookies", href: paths.content("cookies") },
    ],
  },
] as const;

export function Footer({ settings }: { settings: StoreSettings }) {
  const year = new Date().getFullYear();
  const places = [settings.contact.headquarters, ...settings.contact.displayCenters];
  return (
    <footer className="mt-16 bg-ink text-stone-300">
      <div className="mx-auto grid max-w-screen-xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-2">
          <p className="font-bold text-white text-xl tracking-[0.2em] uppercase">{settings.name}</p>
          <p className="mt-3 max-w-sm text-sm">{settings.tagline}</p>
          <ul className="mt-5 flex flex-wrap gap-3" aria-label="Social links">
            {settings.social.map((link) => (
              <li key={link.network}>
                <a
                  href={link.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-block rounded-full border border-stone-600 px-3 py-1.5 text-xs hover:border-white hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="font-semibold text-sm text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <address
        className="mx-auto grid max-w-screen-xl gap-6 border-stone-700 border-t px-4 py-8 not-italic sm:grid-cols-3"
        aria-label="Contact"
      >
        {places.map((place) => (
          <ContactCard key={place.label} place={place} />
        ))}
      </address>
      <div className="border-stone-700 border-t">
        <p className="mx-auto max-w-screen-xl px-4 py-5 text-xs" data-testid="copyright">
          © {year} {settings.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function ContactCard({ place }: { place: ContactPlace }) {
  return (
    <div className="min-w-0 text-sm">
      <h2 className="font-semibold text-white">{place.label}</h2>
      <p className="mt-2 flex gap-2">
        <SpriteIcon name="map-pin" className="mt-0.5 size-4 shrink-0" /> {place.address}
      </p>
      <p className="mt-1 flex gap-2">
        <SpriteIcon name="phone" className="mt-0.5 size-4 shrink-0" />
        <a href={`tel:${place.phone.replace(/[^+\d]/g, "")}`} className="hover:text-white">
          {place.phone}
        </a>
      </p>
      <p className="mt-1 flex gap-2">
        <SpriteIcon name="mail" className="mt-0.5 size-4 shrink-0" />
        <a href={`mailto:${place.email}`} className="min-w-0 break-all hover:text-white">
          {place.email}
        </a>
      </p>
      {place.hours && (
        <p className="mt-1 flex gap-2">
          <SpriteIcon name="clock" className="mt-0.5 size-4 shrink-0" /> {place.hours}
        </p>
      )}
    </div>
  );
}
