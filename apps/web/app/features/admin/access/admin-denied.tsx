/** What a visitor who is not an admin sees on any admin path (spec sections 2 and 8). */
import { Link } from "react-router";
import { paths } from "../../../lib/paths.ts";

export function AdminDenied() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center"
    >
      <p className="font-semibold text-brand text-sm uppercase tracking-widest">Atelier</p>
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">404 - Page Not Found</h1>
      <p className="text-muted">The page you are looking for doesn't exist.</p>
      <Link
        to={paths.login()}
        className="mt-2 rounded-full bg-ink px-6 py-3 font-medium text-sm text-white hover:bg-stone-700"
      >
        Login
      </Link>
    </main>
  );
}
