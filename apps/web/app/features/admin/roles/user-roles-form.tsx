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

interface Props {
  user: { id: string; name: string };
  /** The roles the server says the person holds now. */
  held: readonly { id: number }[];
  roles: readonly Role[];
}

/** A save refetches what the person holds; the new answer starts the choice afresh. */
export function UserRolesForm(props: Props) {
  const heldIds = props.held.map((role) => role.id);
  return <RolesChoice key={`${props.user.id}:${heldIds.join(",")}`} {...props} heldIds={heldIds} />;
}

function RolesChoice(props: Props & { heldIds: readonly number[] }) {
  const { user, heldIds } = props;
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(heldIds));
  const save = useSetUserRoles();
  const changed = chosen.size !== heldIds.length || heldIds.some((id) => !chosen.has(id));

  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <form
      aria-label={`Roles of ${user.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        const roleIds = props.roles.filter((role) => chosen.has(role.id)).map((role) => role.id);
        // mutateAsync: the answer refetches what the person holds, which remounts this form
        // before callbacks given to mutate() would run.
        save.mutateAsync({ userId: user.id, roleIds }).then(
          (result) =>
            toast.success(
              result.roles.length === 0
                ? `${user.name} holds no roles now`
                : `${user.name} now holds ${result.roles.map((role) => role.name).join(", ")}`,
            ),
          (error: unknown) => toast.error(errorMessage(error)),
        );
      }}
    >
      <div className="space-y-3">
        {props.roles.map((role) => (
          <Checkbox
            key={role.id}
            id={`user-role-${user.id}-${role.id}`}
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
