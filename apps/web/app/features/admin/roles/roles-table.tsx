/** The roles of the shop: what each grants and how many people hold it, with edit and delete. */
import type { Role } from "@atelier/contract";
import { actionPermissions, OWNER_ROLE, permissionLabels, permissions } from "@atelier/contract/constants";
import { Pencil, ShieldCheck, Trash2 } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { EmptyState, Pill } from "../ui/states.tsx";
import { type Column, Table } from "../ui/table.tsx";

const shownPermissions = 4;

const columns: readonly Column[] = [
  { label: "Role" },
  { label: "Permissions" },
  { label: "Users", align: "end" },
  { label: "Actions", align: "end", hidden: true },
];

export function RolesTable(props: {
  roles: readonly Role[];
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
}) {
  if (props.roles.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} title="No roles yet">
        Create a role, tick the areas it opens, then assign it to staff.
      </EmptyState>
    );
  }
  return (
    <Table caption="Roles" columns={columns}>
      {props.roles.map((role) => {
        const all = role.permissions.length === permissions.length;
        // Action permissions (refunds) are not areas: "3 of 15 areas" counts the menu's areas.
        const areas = role.permissions.filter((permission) => !actionPermissions.includes(permission)).length;
        const rest = role.permissions.length - shownPermissions;
        return (
          <tr key={role.id} data-testid={`role-${role.name}`} className="align-top hover:bg-stone-50/60">
            <td className="min-w-52 px-4 py-3">
              <p className="font-medium">
                {role.name} {role.name === OWNER_ROLE ? <Pill tone="brand">Protected</Pill> : null}
              </p>
              {role.description ? <p className="mt-0.5 max-w-md text-muted text-xs">{role.description}</p> : null}
            </td>
            <td className="min-w-56 px-4 py-3">
              <p className="mb-1.5 text-muted text-xs">
                {all ? "Every area" : `${areas} of ${permissions.length - actionPermissions.length} areas`}
              </p>
              <div className="flex max-w-md flex-wrap gap-1">
                {role.permissions.length === 0 ? <Pill tone="amber">No access</Pill> : null}
                {all
                  ? null
                  : role.permissions
                      .slice(0, shownPermissions)
                      .map((permission) => <Pill key={permission}>{permissionLabels[permission]}</Pill>)}
                {!all && rest > 0 ? <Pill>+{rest} more</Pill> : null}
              </div>
            </td>
            <td className="px-4 py-3 text-right tabular-nums">{role.userCount}</td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1">
                <Button size="icon" variant="ghost" aria-label={`Edit ${role.name}`} onClick={() => props.onEdit(role)}>
                  <Pencil aria-hidden className="size-4" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete ${role.name}`}
                  onClick={() => props.onDelete(role)}
                  className="text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
