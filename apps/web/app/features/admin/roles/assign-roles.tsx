/** "Assign to users": find a person, then set the roles they hold. */
import type { Role, UserSummary } from "@atelier/contract";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useViewer } from "../access/viewer.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../ui/states.tsx";
import { UserAvatar } from "../ui/user-avatar.tsx";
import { useUserDetails } from "../users/api.ts";
import { UserPicker } from "../users/user-picker.tsx";
import { UserRolesForm } from "./user-roles-form.tsx";

export function AssignRoles({ roles }: { roles: readonly Role[] }) {
  const viewer = useViewer();
  const [user, setUser] = useState<UserSummary | null>(null);

  return (
    <Card labelledBy="assign-roles">
      <CardHeader
        id="assign-roles"
        title="Assign to users"
        description="Find a person by name or email, then choose the roles they hold."
      />
      {viewer.can("users") ? (
        <div className="grid grid-cols-1 gap-6 p-4 lg:grid-cols-2">
          <UserPicker label="Find a user" onPick={setUser} selectedId={user?.id} />
          <div className="rounded-lg border border-line p-4">
            {user ? (
              <>
                <div className="mb-4 flex items-center gap-3">
                  <UserAvatar name={user.name} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-sm">{user.name}</p>
                    <p className="truncate text-muted text-xs">{user.email}</p>
                  </div>
                </div>
                <HeldRoles user={user} roles={roles} />
              </>
            ) : (
              <EmptyState icon={UserPlus} title="Nobody chosen yet">
                Search for a person, then pick them to see and change their roles.
              </EmptyState>
            )}
          </div>
        </div>
      ) : (
        <p className="p-4 text-muted text-sm">
          Finding people needs the User Management permission. Ask an Owner to add it to one of your roles.
        </p>
      )}
    </Card>
  );
}

/** What the picked person holds, from their details: the search result is a snapshot, stale after a save. */
function HeldRoles({ user, roles }: { user: UserSummary; roles: readonly Role[] }) {
  const details = useUserDetails(user.id);
  if (details.isPending) return <SkeletonRows rows={3} label="Loading their roles" />;
  if (details.isError) return <QueryError error={details.error} onRetry={() => void details.refetch()} />;
  return <UserRolesForm user={user} held={details.data.roles} roles={roles} />;
}
