/**
 * The frame of the account pages: the form in a card, and on wide screens a panel that
 * says what an account is for.
 */
import { Heart, PackageCheck, ShoppingBag } from "lucide-react";
import type { ReactNode } from "react";

const benefits = [
  { icon: ShoppingBag, text: "Your cart and wishlist follow you to every device." },
  { icon: PackageCheck, text: "Track every order from the dashboard." },
  { icon: Heart, text: "Hear first about new arrivals and pop-up drops." },
] as const;

export function AuthLayout(props: { storeName: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-screen-xl gap-10 px-4 py-10 sm:py-16 lg:grid-cols-[1fr_30rem] lg:gap-20 lg:py-20">
      <aside
        className="hidden rounded-3xl bg-stone-900 p-12 text-stone-100 lg:flex lg:flex-col"
        aria-label="Why an account"
      >
        <p className="font-semibold text-orange-200 text-sm uppercase tracking-widest">{props.storeName} account</p>
        <p className="mt-4 max-w-md font-bold text-4xl text-white tracking-tight">
          Made to last, and easy to come back to.
        </p>
        <ul className="mt-auto grid gap-5 pt-10">
          {benefits.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-lg">
              <Icon aria-hidden className="mt-1 size-5 shrink-0 text-orange-200" />
              {text}
            </li>
          ))}
        </ul>
      </aside>
      <section
        aria-labelledby="auth-title"
        className="mx-auto w-full max-w-md self-start rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-8 lg:max-w-none"
      >
        <h1 id="auth-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
          {props.title}
        </h1>
        {props.intro && <p className="mt-2 text-muted">{props.intro}</p>}
        <div className="mt-6">{props.children}</div>
      </section>
    </div>
  );
}
