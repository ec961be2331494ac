/** "Assign to users": find a person, then set the roles they hold. */
import type { Role, UserSummary } from "@atelier/contract";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useViewer } from "../access/viewer.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { EmptyState } from "../ui/states.tsx";
import { UserAvatar } from "../ui/user-avatar.tsx";
import { UserPicker } from "../users/user-picker.tsx";
import { UserRolesForm } from "./user-roles-form.tsx";

export function AssignRoles({ roles }: { roles: readonly Role[] }) {
  const viewer = useViewer();
  const [user, setUser] = useState<UserSummary | null>(null);
  const held = user ? roles.filter((role) => user.roles.includes(role.name)).map((role) => role.id) : [];

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
                <UserRolesForm key={user.id} user={user} held={held} roles={roles} />
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
