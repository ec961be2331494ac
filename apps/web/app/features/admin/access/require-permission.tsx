/**
 * An admin page is shown to staff whose roles grant its area (the admin layout passes the
 * area of the page's menu group), otherwise a short explanation: the server refuses the
 * calls anyway, and this avoids a page of errors. Pages of no area need staff only.
 */
import { type Permission, permissionLabels } from "@atelier/contract/constants";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "../ui/card.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../ui/states.tsx";
import { useViewer } from "./viewer.tsx";

export function RequirePermission(props: { permission: Permission | undefined; children: ReactNode }) {
  const viewer = useViewer();
  if (props.permission === undefined) return props.children;
  if (viewer.status === "pending") return <SkeletonRows rows={6} label="Loading" />;
  if (viewer.status === "error") {
    return (
      <Card>
        <QueryError error={viewer.error} onRetry={viewer.retry} />
      </Card>
    );
  }
  if (viewer.can(props.permission)) return props.children;
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <EmptyState icon={Lock} title={`You do not have access to ${permissionLabels[props.permission]}`}>
        None of your roles grants this area. Ask an Owner to add it to one of your roles.
      </EmptyState>
    </Card>
  );
}
