/**
 * /admin/promotions/create-coupon: a new coupon or automatic discount; with `?edit={id}`
 * the same form edits one (saved with its version: a coupon changed meanwhile answers 409).
 */
import { TicketPercent } from "lucide-react";
import { useSearchParams } from "react-router";
import { useCoupon, useTargetOptions } from "../../features/admin/promotions/api.ts";
import { CouponForm } from "../../features/admin/promotions/coupon-form.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";

export function meta() {
  return [{ title: "Create Coupon" }];
}

export default function CreateCoupon() {
  const [params] = useSearchParams();
  const editId = Number(params.get("edit")) || null;
  const coupon = useCoupon(editId);
  const options = useTargetOptions("");
  const failed = (editId !== null && coupon.isError) || options.isError;
  const ready = options.data && (editId === null || coupon.data);
  return (
    <>
      <PageHeader
        title={editId ? "Edit coupon" : "Create coupon"}
        description="A code shoppers type at checkout, or a discount that applies by itself."
      />
      {failed ? (
        <Card>
          {coupon.error && (coupon.error as { status?: number }).status === 404 ? (
            <EmptyState icon={TicketPercent} title="No such coupon">
              It may have been deleted.
            </EmptyState>
          ) : (
            <QueryError
              error={coupon.error ?? options.error}
              onRetry={() => void Promise.all([coupon.refetch(), options.refetch()])}
            />
          )}
        </Card>
      ) : !ready ? (
        <Card>
          <SkeletonRows rows={8} label="Loading the coupon form" />
        </Card>
      ) : (
        <CouponForm key={coupon.data?.version ?? "new"} coupon={coupon.data ?? null} currency={options.data.currency} />
      )}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
