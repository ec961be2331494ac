/**
 * The permission checkboxes of a role, grouped by kind of work. Each permission is one
 * admin area (a side-menu group), so its hint lists the menu links it unlocks.
 */
import { type Permission, permissionHints, permissionLabels, permissions } from "@atelier/contract/constants";
import { menuGroups } from "../layout/menu.ts";
import { Checkbox } from "../ui/checkbox.tsx";

export const permissionSections: readonly { title: string; permissions: readonly Permission[] }[] = [
  { title: "Overview", permissions: ["dashboard", "reports"] },
  { title: "Catalogue", permissions: ["products", "series", "categories", "productTypes", "attributes", "inventory"] },
  { title: "Sales", permissions: ["orders", "promotions", "coupons", "payments", "refunds"] },
  { title: "People and settings", permissions: ["users", "roles", "settings"] },
];

function unlocks(permission: Permission): string {
  const hint = permissionHints[permission];
  if (hint) return hint;
  const group = menuGroups.find((candidate) => candidate.id === permission);
  return group ? group.links.map((link) => link.label).join(" · ") : "";
}

export function PermissionPicker(props: {
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  disabled?: boolean;
  /** Only these can be ticked (an API token gets no permission its maker lacks). */
  allowed?: readonly Permission[];
  /** Prefixes the checkboxes' ids, for two pickers on one page. */
  idPrefix?: string;
}) {
  const toggle = (permission: Permission, on: boolean) => {
    const next = new Set(props.value);
    if (on) next.add(permission);
    else next.delete(permission);
    // Kept in the contract's order so the saved role reads the same way every time.
    props.onChange(permissions.filter((key) => next.has(key)));
  };
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      {permissionSections.map((section) => (
        <fieldset key={section.title} className="space-y-3">
          <legend className="mb-2 font-semibold text-muted text-xs uppercase tracking-wider">{section.title}</legend>
          {section.permissions.map((permission) => (
            <Checkbox
              key={permission}
              id={`${props.idPrefix ?? "permission"}-${permission}`}
              checked={props.value.includes(permission)}
              onCheckedChange={(on) => toggle(permission, on)}
              label={permissionLabels[permission]}
              hint={unlocks(permission)}
              disabled={props.disabled || (props.allowed ? !props.allowed.includes(permission) : false)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
