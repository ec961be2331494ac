/** The error boundary of storefront pages: a 404 or an error, inside the shop's layout. */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./error-page.tsx";

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage title="404 - Page Not Found" message="The page you are looking for doesn't exist." />;
  }
  console.error(error);
  return (
    <ErrorPage title="Something went wrong" message="We could not load this page. Please try again in a moment." />
  );
}
