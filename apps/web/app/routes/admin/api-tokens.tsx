/**
 * /admin/Manage/api-tokens (issue 38, permission Role Management): the tokens integrations
 * use to call the admin API, each within the permissions it was given; make one (shown
 * once) or revoke one.
 */
import type { ApiToken } from "@atelier/contract";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useViewer } from "../../features/admin/access/viewer.tsx";
import { useApiTokens } from "../../features/admin/api-tokens/api.ts";
import { CreateTokenDialog } from "../../features/admin/api-tokens/create-token-dialog.tsx";
import { RevokeTokenDialog } from "../../features/admin/api-tokens/revoke-token-dialog.tsx";
import { TokensTable } from "../../features/admin/api-tokens/tokens-table.tsx";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";

export function meta() {
  return [{ title: "API Tokens" }];
}

export default function ApiTokens() {
  const tokens = useApiTokens();
  const viewer = useViewer();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const active = tokens.data?.filter((token) => token.status === "active").length ?? 0;

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Integrations call the admin API with a token (Authorization: Bearer …), within the permissions it was given. Everything a token changes is in the activity log under its name."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            New token
          </Button>
        }
      />
      <Card>
        <CardHeader
          title="All tokens"
          description={tokens.data ? `${active} active of ${tokens.data.length}` : undefined}
        />
        {tokens.isPending ? (
          <SkeletonRows rows={3} label="Loading API tokens" />
        ) : tokens.isError ? (
          <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : (
          <TokensTable tokens={tokens.data} onRevoke={setRevoking} />
        )}
      </Card>
      <CreateTokenDialog open={creating} onOpenChange={setCreating} allowed={viewer.permissions} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
