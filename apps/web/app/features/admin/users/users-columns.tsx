/** The users table's columns (TanStack Table): who, roles, status, joined, last sign-in, actions. */
import type { UserSummary } from "@atelier/contract";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { Link } from "react-router";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { formatDate, formatDateTime, formatRelative } from "../format.ts";
import { Pill } from "../ui/states.tsx";
import { UserAvatar } from "../ui/user-avatar.tsx";
import type { ListQuery } from "./list-query.ts";
import { UserRowActions } from "./user-actions.tsx";

export const userTableFeatures = tableFeatures({});
const helper = createColumnHelper<typeof userTableFeatures, UserSummary>();

/** Which server-side sort each sortable column asks for, first click first. */
export const columnSorts: Partial<Record<string, readonly ListQuery["sort"][]>> = {
  name: ["name"],
  createdAt: ["newest", "oldest"],
  lastSignInAt: ["last-sign-in"],
};

/** A person to ban, and the control to give the focus back to when the dialog closes. */
export interface BanTarget {
  user: UserSummary;
  opener: HTMLElement | null;
}

export function userColumns(onBan: (target: BanTarget) => void) {
  return helper.columns([
    helper.accessor("name", {
      header: "Name",
      cell: ({ row }) => (
        <div className="flex items-center gap-3">
          <UserAvatar name={row.original.name} />
          <div className="min-w-0">
            <Link to={adminPaths.userDetails(row.original.id)} className="block truncate font-medium hover:underline">
              {row.original.name}
            </Link>
            <p className="truncate text-muted text-xs">{row.original.email}</p>
          </div>
        </div>
      ),
    }),
    helper.accessor("roles", {
      header: "Roles",
      cell: ({ getValue }) => {
        const roles = getValue();
        return (
          <div className="flex flex-wrap gap-1">
            {roles.length === 0 ? (
              <Pill>Customer</Pill>
            ) : (
              roles.map((role) => (
                <Pill key={role} tone="brand">
                  {role}
                </Pill>
              ))
            )}
          </div>
        );
      },
    }),
    helper.accessor("banned", {
      header: "Status",
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.banned ? <Pill tone="red">Banned</Pill> : <Pill tone="green">Active</Pill>}
          {row.original.emailVerified ? null : <Pill tone="amber">Unverified</Pill>}
        </div>
      ),
    }),
    helper.accessor("createdAt", {
      header: "Joined",
      cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{formatDate(getValue())}</span>,
    }),
    helper.accessor("lastSignInAt", {
      header: "Last sign-in",
      cell: ({ getValue }) => (
        <span className="whitespace-nowrap" title={formatDateTime(getValue(), "Never signed in")}>
          {formatRelative(getValue())}
        </span>
      ),
    }),
    helper.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <div className="flex justify-end">
          <UserRowActions user={row.original} onBan={(opener) => onBan({ user: row.original, opener })} />
        </div>
      ),
    }),
  ]);
}
