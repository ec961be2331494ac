import { Link } from "react-router";
import { paths } from "../../lib/paths.ts";

/** The styled page for unknown paths and failed loads. */
export function ErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <p className="font-semibold text-brand text-sm uppercase tracking-widest">Atelier</p>
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      <p className="text-muted">{message}</p>
      <Link
        to={paths.home()}
        className="mt-2 rounded-full bg-ink px-6 py-3 font-medium text-sm text-white hover:bg-stone-700"
      >
        Back to the shop
      </Link>
    </section>
  );
}
