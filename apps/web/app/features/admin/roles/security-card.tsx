/**
 * The Owner's security rule on the Roles page (issue 37 item 9): every staff role needs
 * two-step sign-in. Staff with the roles permission see it; only the Owner may change it
 * (the server refuses others, and refuses to turn it on before the Owner has a second
 * factor of their own, so the rule cannot lock the Owner out).
 */
import { type SecuritySettings, userAdminEndpoints } from "@atelier/contract";
import { OWNER_ROLE } from "@atelier/contract/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { browserApi } from "../../../lib/api.ts";
import { useMe } from "../access/api.ts";
import { errorMessage } from "../query-client.ts";
import { Card, CardHeader } from "../ui/card.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { QueryError, SkeletonRows } from "../ui/states.tsx";

const securityKey = ["security-settings"] as const;

export function SecurityCard({ email }: { email: string }) {
  const me = useMe(email);
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: securityKey,
    queryFn: () => browserApi.get(userAdminEndpoints.securitySettings),
  });
  const save = useMutation({
    mutationFn: (body: SecuritySettings) => browserApi.send(userAdminEndpoints.updateSecuritySettings, { body }),
    onSuccess: (saved) => {
      client.setQueryData(securityKey, saved);
      toast.success(
        saved.requireStaffSecondFactor
          ? "Staff now need two-step sign-in to open the admin"
          : "Two-step sign-in is optional for staff again",
      );
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const isOwner = me.data?.roles.includes(OWNER_ROLE) === true;
  return (
    <Card>
      <CardHeader
        id="security-heading"
        title="Security"
        description={
          isOwner ? "Rules for every staff account." : "Rules for every staff account. Only the Owner can change them."
        }
      />
      <div className="px-4 py-3">
        {settings.isPending ? (
          <SkeletonRows rows={1} label="Loading the security rules" />
        ) : settings.isError ? (
          <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <Checkbox
            id="require-staff-second-factor"
            checked={settings.data.requireStaffSecondFactor}
            disabled={!isOwner || save.isPending}
            onCheckedChange={(checked) => save.mutate({ requireStaffSecondFactor: checked })}
            label="Require two-step sign-in for all staff"
            hint="Staff without an authenticator app set up are sent to their dashboard to add one before the admin opens. Turn it on for your own account first."
          />
        )}
      </div>
    </Card>
  );
}
