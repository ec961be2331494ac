import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { lazyRegion } from "./components/lazy-region.tsx";
import { ErrorPage } from "./features/layout/error-page.tsx";
import { loadShell } from "./features/layout/shell-data.ts";
import { shellNavigationOf } from "./features/navigation/build-navigation.ts";
import { sharedApiFrom } from "./lib/api.ts";
import { useNonce } from "./lib/nonce.tsx";

// The settings and the taxonomy are the same for every page and visitor: the host keeps them in
// memory. Every page carries the settings and the navigation's rows, built once per taxonomy;
// not the taxonomy itself (about 9 KB of every page's data), which the menus' panels load
// when a shopper reaches for them (features/navigation/menu-data.ts).
// The icons' symbols: drawn by the server, their code loads while the page hydrates.
const IconSprite = lazyRegion(() => import("./components/icon-sprite.tsx").then((m) => m.IconSprite));

export async function loader({ context }: Route.LoaderArgs) {
  const { settings, taxonomy } = await loadShell(sharedApiFrom(context));
  return { settings, navigation: shellNavigationOf(taxonomy) };
}

// The store settings and the taxonomy change rarely: keep them across client navigations,
// reloading them after a form action or an explicit revalidate() (same URL, e.g. after
// staff change the store's time zone).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  (formMethod !== undefined && formMethod !== "GET") || currentUrl.href === nextUrl.href
    ? defaultShouldRevalidate
    : false;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData must be used below the root route");
  return data;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React puts the one render-blocking file first in <head>: rendered
            by <Links /> it came after the page's modulepreloads and queued behind them. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="theme-color" content="#1c1917" />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
        {children}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <ErrorPage
      title={notFound ? "404 - Page Not Found" : "Something went wrong"}
      message={
        notFound
          ? "The page you are looking for doesn't exist."
          : "We could not load this page. Please try again in a moment."
      }
    />
  );
}
