/** The error boundary of admin pages: a failed page shows inside the admin layout. */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Card } from "../ui/card.tsx";
import { AdminNotBuilt } from "./not-built.tsx";

export function AdminRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <AdminNotBuilt />;
  console.error(error);
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <div role="alert" className="px-6 py-14 text-center">
        <h1 className="font-semibold text-xl tracking-tight">Something went wrong</h1>
        <p className="mt-2 text-muted text-sm">This page could not be shown. Please reload it in a moment.</p>
      </div>
    </Card>
  );
}
