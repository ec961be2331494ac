/** The roles a user holds; staff with Role Management change them here. */
import type { UserDetails } from "@atelier/contract";
import { useViewer } from "../access/viewer.tsx";
import { useRoles } from "../roles/api.ts";
import { UserRolesForm } from "../roles/user-roles-form.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Pill, QueryError, SkeletonRows } from "../ui/states.tsx";

export function UserRolesCard({ details }: { details: UserDetails }) {
  const viewer = useViewer();
  const editable = viewer.can("roles");
  return (
    <Card>
      <CardHeader
        title="Roles"
        description={
          editable ? "Tick the roles this person holds, then save." : "Changing roles needs Role Management."
        }
      />
      <div className="p-4">{editable ? <EditableRoles details={details} /> : <ReadOnlyRoles details={details} />}</div>
    </Card>
  );
}

function ReadOnlyRoles({ details }: { details: UserDetails }) {
  if (details.roles.length === 0) return <p className="text-muted text-sm">No roles: a customer.</p>;
  return (
    <div className="flex flex-wrap gap-1">
      {details.roles.map((role) => (
        <Pill key={role.id} tone="brand">
          {role.name}
        </Pill>
      ))}
    </div>
  );
}

function EditableRoles({ details }: { details: UserDetails }) {
  const roles = useRoles();
  if (roles.isPending) return <SkeletonRows rows={3} label="Loading roles" />;
  if (roles.isError) return <QueryError error={roles.error} onRetry={() => void roles.refetch()} />;
  return <UserRolesForm user={details.user} held={details.roles} roles={roles.data} />;
}
