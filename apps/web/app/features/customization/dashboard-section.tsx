/** The dashboard's "Customization requests" block: each request with its status (issue 7). */
import type { CustomizationRequest } from "@atelier/contract";
import { Link } from "react-router";
import { Skeleton } from "../../components/form-field.tsx";
import { useMyCustomizations } from "./api.ts";

export const customizationStatusLabels: Record<CustomizationRequest["status"], string> = {
  new: "Sent",
  quoted: "Quote ready",
  rejected: "Declined",
  accepted: "Accepted, to pay",
  ordered: "Ordered",
  cancelled: "Withdrawn",
};

export function CustomizationSection({ who }: { who: string }) {
  const list = useMyCustomizations(who, true);
  return (
    <section aria-labelledby="customization-heading" className="rounded-xl border border-line bg-white p-4">
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id="customization-heading" className="font-semibold text-lg">
          Customization requests
        </h2>
        <Link to="/customization/new" className="text-sm underline">
          New request
        </Link>
      </div>
      {list.isPending ? (
        <Skeleton label="Loading your customization requests" className="h-16" />
      ) : list.data?.length ? (
        <ul className="grid gap-2 text-sm">
          {list.data.slice(0, 5).map((request) => (
            <li key={request.id}>
              <Link to={`/customization/${request.id}`} className="underline">
                Request #{request.id}
              </Link>{" "}
              · {customizationStatusLabels[request.status]}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted text-sm">No customization requests.</p>
      )}
    </section>
  );
}
