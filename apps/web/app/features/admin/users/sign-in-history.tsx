/** The user's recent sign-in attempts, newest first, failed ones marked. */
import type { UserDetails } from "@atelier/contract";
import { History } from "lucide-react";
import { formatDateTime } from "../format.ts";
import { Card, CardHeader } from "../ui/card.tsx";
import { EmptyState, Pill } from "../ui/states.tsx";
import { type Column, Table } from "../ui/table.tsx";
import { describeAgent, methodLabel } from "./sign-in-labels.ts";

const columns: readonly Column[] = [
  { label: "When" },
  { label: "Method" },
  { label: "Result" },
  { label: "Address" },
  { label: "Device" },
];

export function SignInHistory({ details }: { details: UserDetails }) {
  return (
    <Card>
      <CardHeader title="Sign-in history" description="The latest attempts to sign in to this account." />
      {details.signIns.length === 0 ? (
        <EmptyState icon={History} title="No sign-ins yet" />
      ) : (
        <Table caption="Sign-in history" columns={columns}>
          {details.signIns.map((event) => (
            <tr key={event.id}>
              <td className="whitespace-nowrap px-4 py-2 tabular-nums">{formatDateTime(event.at)}</td>
              <td className="whitespace-nowrap px-4 py-2">{methodLabel(event.method)}</td>
              <td className="px-4 py-2">
                {event.success ? <Pill tone="green">Signed in</Pill> : <Pill tone="red">Failed</Pill>}
              </td>
              <td className="whitespace-nowrap px-4 py-2 text-muted">{event.ipAddress ?? "—"}</td>
              <td className="px-4 py-2 text-muted">{describeAgent(event.userAgent)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
