/**
 * The roles one person holds, as checkboxes over every role, saved together (the server
 * replaces the set, and refuses to leave the shop without an active Owner).
 */
import type { Role } from "@atelier/contract";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { useSetUserRoles } from "./api.ts";

export function UserRolesForm(props: {
  user: { id: string; name: string };
  /** The ids of the roles the person holds now. */
  held: readonly number[];
  roles: readonly Role[];
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(props.held));
  // What the server holds now: the props at first, then each successful save.
  const [saved, setSaved] = useState<readonly number[]>(props.held);
  const save = useSetUserRoles();
  const changed = chosen.size !== saved.length || saved.some((id) => !chosen.has(id));

  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <form
      aria-label={`Roles of ${props.user.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        const roleIds = props.roles.filter((role) => chosen.has(role.id)).map((role) => role.id);
        save.mutate(
          { userId: props.user.id, roleIds },
          {
            onSuccess: (result) => {
              setSaved(result.roles.map((role) => role.id));
              toast.success(
                result.roles.length === 0
                  ? `${props.user.name} holds no roles now`
                  : `${props.user.name} now holds ${result.roles.map((role) => role.name).join(", ")}`,
              );
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        );
      }}
    >
      <div className="space-y-3">
        {props.roles.map((role) => (
          <Checkbox
            key={role.id}
            id={`user-role-${props.user.id}-${role.id}`}
            checked={chosen.has(role.id)}
            onCheckedChange={(on) => toggle(role.id, on)}
            label={role.name}
            hint={role.description || undefined}
          />
        ))}
      </div>
      <p className="mt-4 text-muted text-xs">
        {chosen.size === 0 ? "With no role, this person is a customer and cannot open the admin." : null}
      </p>
      <div className="mt-3 flex justify-end">
        <Button type="submit" variant="primary" disabled={!changed || save.isPending}>
          {save.isPending ? "Saving…" : "Save roles"}
        </Button>
      </div>
    </form>
  );
}
