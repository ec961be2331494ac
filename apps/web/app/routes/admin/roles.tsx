/** /admin/Manage/roles: Role Management (roles, their permissions, who holds them). */
import type { Role } from "@atelier/contract";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useRoles } from "../../features/admin/roles/api.ts";
import { AssignRoles } from "../../features/admin/roles/assign-roles.tsx";
import { DeleteRoleDialog } from "../../features/admin/roles/delete-role-dialog.tsx";
import { RoleDialog } from "../../features/admin/roles/role-dialog.tsx";
import { RolesTable } from "../../features/admin/roles/roles-table.tsx";
import { SecurityCard } from "../../features/admin/roles/security-card.tsx";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { useAuth } from "../../features/identity/auth-store.ts";

export default function RoleManagement() {
  const roles = useRoles();
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const email = useAuth().user?.email ?? "";

  return (
    <>
      <PageHeader
        title="Roles"
        description="Roles decide which admin areas staff can open. A person with no role is a customer."
        actions={
          <Button variant="primary" onClick={() => setEditing({ role: null })}>
            <Plus aria-hidden className="size-4" />
            New role
          </Button>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader
            title="All roles"
            description={roles.data ? `${roles.data.length} role${roles.data.length === 1 ? "" : "s"}` : undefined}
          />
          {roles.isPending ? (
            <SkeletonRows rows={4} label="Loading roles" />
          ) : roles.isError ? (
            <QueryError error={roles.error} onRetry={() => void roles.refetch()} />
          ) : (
            <RolesTable roles={roles.data} onEdit={(role) => setEditing({ role })} onDelete={setDeleting} />
          )}
        </Card>
        {roles.data ? <AssignRoles roles={roles.data} /> : null}
        <SecurityCard email={email} />
      </div>
      <RoleDialog
        role={editing?.role ?? null}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
