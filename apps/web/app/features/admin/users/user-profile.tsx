/** The head of a user's page: who they are, their state, and what staff can do about it. */
import type { UserDetails } from "@atelier/contract";
import { Ban, KeyRound, ShieldCheck } from "lucide-react";
import { formatDateTime, formatRelative } from "../format.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Pill } from "../ui/states.tsx";
import { UserAvatar } from "../ui/user-avatar.tsx";
import { useUserCommands } from "./user-actions.tsx";

export function UserProfile({ details, onBan }: { details: UserDetails; onBan: () => void }) {
  const { user } = details;
  const commands = useUserCommands();
  const facts: [string, string][] = [
    ["Email", user.email],
    ["Email verified", user.emailVerified ? "Yes" : "Not yet"],
    ["Joined", formatDateTime(user.createdAt)],
    [
      "Last sign-in",
      user.lastSignInAt ? `${formatRelative(user.lastSignInAt)} (${formatDateTime(user.lastSignInAt)})` : "Never",
    ],
    ["User id", user.id],
  ];
  if (user.banned) {
    facts.push(["Banned", formatDateTime(user.bannedAt)], ["Ban reason", user.banReason || "No reason given"]);
  }
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4 border-line border-b p-4">
        <div className="flex min-w-0 items-center gap-4">
          <UserAvatar name={user.name} size="lg" />
          <div className="min-w-0">
            <h1 className="truncate font-semibold text-xl tracking-tight">{user.name}</h1>
            <p className="truncate text-muted text-sm">{user.email}</p>
            <div className="mt-1.5 flex flex-wrap gap-1">
              {user.banned ? <Pill tone="red">Banned</Pill> : <Pill tone="green">Active</Pill>}
              {user.roles.length === 0 ? <Pill>Customer</Pill> : <Pill tone="brand">Staff</Pill>}
              {user.emailVerified ? null : <Pill tone="amber">Unverified</Pill>}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => commands.sendReset(user)}>
            <KeyRound aria-hidden className="size-4" /> Send password-reset link
          </Button>
          {user.banned ? (
            <Button onClick={() => commands.unban(user)}>
              <ShieldCheck aria-hidden className="size-4" /> Unban
            </Button>
          ) : (
            <Button variant="dangerOutline" onClick={onBan}>
              <Ban aria-hidden className="size-4" /> Ban…
            </Button>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-muted text-xs">{term}</dt>
            <dd className="mt-0.5 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
