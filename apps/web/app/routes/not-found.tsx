import { data } from "react-router";
import { storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, { description: "The page you are looking for doesn't exist." });

export default function NotFound() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
