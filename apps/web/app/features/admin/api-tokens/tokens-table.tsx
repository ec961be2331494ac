/** The admin API tokens: name, start, permissions, maker, expiry, last use and status, with Revoke. */
import type { ApiToken } from "@atelier/contract";
import { permissionLabels, permissions } from "@atelier/contract/constants";
import { KeyRound } from "lucide-react";
import { formatDate, formatDateTime, formatRelative } from "../format.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState, Pill, type PillTone } from "../ui/states.tsx";
import { type Column, Table } from "../ui/table.tsx";

const columns: readonly Column[] = [
  { label: "Name" },
  { label: "Permissions" },
  { label: "Created by" },
  { label: "Expires" },
  { label: "Last used" },
  { label: "Status" },
  { label: "Actions", align: "end", hidden: true },
];

const statusTone: Record<ApiToken["status"], PillTone> = { active: "green", expired: "amber", revoked: "red" };
const statusLabel: Record<ApiToken["status"], string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

export function TokensTable(props: { tokens: readonly ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  if (props.tokens.length === 0) {
    return (
      <EmptyState icon={KeyRound} title="No API tokens yet">
        Make a token for an integration (a warehouse, accounting, a print partner) instead of sharing a password.
      </EmptyState>
    );
  }
  return (
    <Table caption="API tokens" columns={columns} scrollable>
      {props.tokens.map((token) => (
        <tr key={token.id} data-testid={`api-token-${token.id}`} className="align-top hover:bg-stone-50/60">
          <td className="min-w-44 px-4 py-3">
            <p className="font-medium">{token.name}</p>
            <p className="mt-0.5 font-mono text-muted text-xs">{token.prefix}…</p>
          </td>
          <td className="min-w-48 px-4 py-3">
            <div className="flex max-w-sm flex-wrap gap-1">
              {token.permissions.length === permissions.length ? (
                <Pill>Every permission</Pill>
              ) : (
                token.permissions.map((permission) => <Pill key={permission}>{permissionLabels[permission]}</Pill>)
              )}
            </div>
          </td>
          <td className="px-4 py-3">
            <p>{token.createdBy.name || token.createdBy.email}</p>
            <p className="text-muted text-xs">{formatDate(token.createdAt)}</p>
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            <time dateTime={token.expiresAt} title={formatDateTime(token.expiresAt)}>
              {formatDate(token.expiresAt)}
            </time>
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            {token.lastUsedAt ? (
              <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                {formatRelative(token.lastUsedAt)}
              </time>
            ) : (
              "Never"
            )}
            {token.lastUsedIp ? <p className="text-muted text-xs">from {token.lastUsedIp}</p> : null}
          </td>
          <td className="px-4 py-3">
            <Pill tone={statusTone[token.status]}>{statusLabel[token.status]}</Pill>
          </td>
          <td className="px-4 py-3 text-right">
            {token.status === "active" ? (
              <Button
                size="sm"
                variant="dangerOutline"
                aria-label={`Revoke ${token.name}`}
                onClick={() => props.onRevoke(token)}
              >
                Revoke
              </Button>
            ) : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}
