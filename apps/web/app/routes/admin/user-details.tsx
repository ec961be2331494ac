/**
 * /admin/show/user-details?id=: one person's profile, roles, sign-in methods, sessions and
 * sign-in history. Without an id (the menu link), a search to pick someone; with an id that
 * names nobody, the same search with a note saying so.
 */
import { UserParams } from "@atelier/contract";
import { ArrowLeft, UserRoundX } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { useUserDetails } from "../../features/admin/users/api.ts";
import { BanDialog } from "../../features/admin/users/ban-dialog.tsx";
import { SignInHistory } from "../../features/admin/users/sign-in-history.tsx";
import { UserPicker } from "../../features/admin/users/user-picker.tsx";
import { UserProfile } from "../../features/admin/users/user-profile.tsx";
import { UserRolesCard } from "../../features/admin/users/user-roles-card.tsx";
import { ActiveSessions, SignInMethods } from "../../features/admin/users/user-sessions.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { ApiError } from "../../lib/api.ts";

export default function UserDetailsPage() {
  const [params] = useSearchParams();
  const userId = params.get("id")?.trim() ?? "";
  if (userId === "") return <PickUser />;
  // An id the contract refuses (far too long, say) names nobody: no need to ask the server.
  if (!UserParams.safeParse({ userId }).success) return <PickUser notFound />;
  return <UserDetailsView key={userId} userId={userId} />;
}

function PickUser({ notFound = false }: { notFound?: boolean }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="User details"
        description="Find a customer or staff member to see everything about their account."
      />
      {notFound ? (
        <Card className="mb-6">
          <EmptyState icon={UserRoundX} title="There is no user with this id">
            They may have been deleted. Search for them by name or email instead.
          </EmptyState>
        </Card>
      ) : null}
      <Card className="max-w-2xl">
        <CardHeader title="Find a user" />
        <div className="p-4">
          <UserPicker label="Name or email" onPick={(user) => navigate(adminPaths.userDetails(user.id))} />
        </div>
      </Card>
    </>
  );
}

function UserDetailsView({ userId }: { userId: string }) {
  const details = useUserDetails(userId);
  const [banning, setBanning] = useState(false);
  if (details.isPending) return <SkeletonRows rows={10} label="Loading the user" />;
  if (details.isError) {
    if (details.error instanceof ApiError && details.error.status === 404) return <PickUser notFound />;
    return (
      <Card>
        <QueryError error={details.error} onRetry={() => void details.refetch()} />
      </Card>
    );
  }
  const data = details.data;
  return (
    <>
      <Link to={adminPaths.users()} className="mb-4 inline-flex items-center gap-1.5 text-muted text-sm hover:text-ink">
        <ArrowLeft aria-hidden className="size-4" /> All users
      </Link>
      <div className="space-y-6">
        <UserProfile details={data} onBan={() => setBanning(true)} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-1">
            <UserRolesCard details={data} />
            <SignInMethods details={data} />
          </div>
          <div className="space-y-6 lg:col-span-2">
            <ActiveSessions details={data} />
            <SignInHistory details={data} />
          </div>
        </div>
      </div>
      <BanDialog user={banning ? data.user : null} onClose={() => setBanning(false)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
