/**
 * A page of one admin area: shown to staff whose roles grant that area, otherwise a
 * short explanation (the server refuses the calls anyway; this avoids a page of errors).
 */
import { type Permission, permissionLabels } from "@atelier/contract/constants";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "../ui/card.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../ui/states.tsx";
import { useViewer } from "./viewer.tsx";

export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const viewer = useViewer();
  if (viewer.status === "pending") return <SkeletonRows rows={6} label="Loading" />;
  if (viewer.status === "error") {
    return (
      <Card>
        <QueryError error={viewer.error} onRetry={viewer.retry} />
      </Card>
    );
  }
  if (viewer.can(permission)) return children;
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <EmptyState icon={Lock} title={`You do not have access to ${permissionLabels[permission]}`}>
        None of your roles grants this area. Ask an Owner to add it to one of your roles.
      </EmptyState>
    </Card>
  );
}
