/** How a user signs in (linked methods) and where they are signed in now, with revoke. */
import type { UserDetails } from "@atelier/contract";
import { MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { formatDate, formatDateTime, formatRelative } from "../format.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EmptyState, Pill } from "../ui/states.tsx";
import { useRevokeSession } from "./api.ts";
import { describeAgent, methodLabel } from "./sign-in-labels.ts";

type Session = UserDetails["sessions"][number];

export function SignInMethods({ details }: { details: UserDetails }) {
  return (
    <Card>
      <CardHeader title="Sign-in methods" />
      {details.accounts.length === 0 ? (
        <p className="p-4 text-muted text-sm">No sign-in method is linked.</p>
      ) : (
        <ul className="divide-y divide-line">
          {details.accounts.map((account) => (
            <li key={account.providerId} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
              <span className="font-medium">{methodLabel(account.providerId)}</span>
              <span className="text-muted text-xs">since {formatDate(account.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ActiveSessions({ details }: { details: UserDetails }) {
  const revoke = useRevokeSession();
  const [target, setTarget] = useState<Session | null>(null);
  return (
    <Card labelledBy="active-sessions">
      <CardHeader id="active-sessions" title="Active sessions" description="Devices signed in to this account now." />
      {details.sessions.length === 0 ? (
        <EmptyState icon={MonitorSmartphone} title="Not signed in anywhere" />
      ) : (
        <ul className="divide-y divide-line">
          {details.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-2.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{describeAgent(session.userAgent)}</p>
                <p className="text-muted text-xs">
                  {session.ipAddress ?? "Unknown address"} · started {formatRelative(session.createdAt)} · expires{" "}
                  {formatDate(session.expiresAt)}
                </p>
              </div>
              <Pill tone="green">Active</Pill>
              <Button size="sm" onClick={() => setTarget(session)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title="Revoke this session?"
        description={
          target
            ? `${describeAgent(target.userAgent)}, started ${formatDateTime(target.createdAt)}, is signed out at once.`
            : ""
        }
        confirmLabel="Revoke session"
        pending={revoke.isPending}
        onConfirm={() => {
          if (!target) return;
          revoke.mutate(
            { userId: details.user.id, sessionId: target.id },
            {
              onSuccess: () => toast.success("Session revoked"),
              onError: (error) => toast.error(errorMessage(error)),
              onSettled: () => setTarget(null),
            },
          );
        }}
      />
    </Card>
  );
}
