/** Collabs in the admin (permission `promotions`): collaborators, drops, statements. */
import {
  type AdminCollaborator,
  type AdminDrop,
  type CollaboratorInput,
  type DropInput,
  collabEndpoints as endpoints,
  promotionEndpoints,
} from "@atelier/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const collabKeys = { all: ["collabs"] as const };

function useWrite<TArgs, TResult>(write: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collabKeys.all }),
  });
}

export const collabsApi = {
  useList: () =>
    useQuery({ queryKey: [...collabKeys.all, "list"], queryFn: () => browserApi.get(endpoints.adminList) }),
  useOne: (id: number | undefined) =>
    useQuery({
      queryKey: [...collabKeys.all, "one", id],
      queryFn: () => browserApi.get(endpoints.adminGet, { params: { id: id ?? 0 } }),
      enabled: id !== undefined,
    }),
  useSave: () =>
    useWrite(
      ({
        id,
        body,
      }: {
        id: number | undefined;
        body: CollaboratorInput & { version?: number };
      }): Promise<AdminCollaborator> =>
        id === undefined
          ? browserApi.send(endpoints.create, { body })
          : browserApi.send(endpoints.update, { params: { id }, body: { ...body, version: body.version ?? 1 } }),
    ),
  useLinkCoupon: () =>
    useWrite(({ id, couponId }: { id: number; couponId: number }) =>
      browserApi.send(endpoints.linkCoupon, { params: { id }, body: { couponId } }),
    ),
  useUnlinkCoupon: () =>
    useWrite(({ id, couponId }: { id: number; couponId: number }) =>
      browserApi.send(endpoints.unlinkCoupon, { params: { id, couponId } }),
    ),
  /** Code coupons to link as referral codes (permission `promotions`, not `coupons`). */
  useCouponOptions: (q: string) =>
    useQuery({
      queryKey: [...collabKeys.all, "coupon-options", q],
      queryFn: () => browserApi.get(endpoints.couponOptions, { query: { q } }),
      placeholderData: keepPreviousData,
    }),
  /** The series a collaborator may cover (the promotions engine's target names). */
  useSeries: () =>
    useQuery({
      queryKey: [...collabKeys.all, "series"],
      queryFn: async () => (await browserApi.get(promotionEndpoints.targets, { query: {} })).series,
      staleTime: 60_000,
    }),
  /** Products matching a name or SKU (none while `q` is blank). */
  useProductSearch: (q: string) =>
    useQuery({
      queryKey: [...collabKeys.all, "product-options", "q", q],
      queryFn: () => browserApi.get(endpoints.productOptions, { query: { q } }),
      enabled: q.trim() !== "",
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** The names of chosen products (the picker's chips). */
  useProductNames: (ids: readonly number[]) =>
    useQuery({
      queryKey: [...collabKeys.all, "product-options", "ids", [...ids].sort((a, b) => a - b).join(",")],
      queryFn: () => browserApi.get(endpoints.productOptions, { query: { ids: ids.join(",") } }),
      enabled: ids.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  /** Every product of a collaborator (its own and its series'). */
  collaboratorProducts: (collaboratorId: number) =>
    browserApi.get(endpoints.productOptions, { query: { collaboratorId: String(collaboratorId) } }),
  useDrops: () => useQuery({ queryKey: [...collabKeys.all, "drops"], queryFn: () => browserApi.get(endpoints.drops) }),
  useSaveDrop: () =>
    useWrite(
      ({ id, body }: { id: number | undefined; body: DropInput }): Promise<AdminDrop> =>
        id === undefined
          ? browserApi.send(endpoints.createDrop, { body })
          : browserApi.send(endpoints.updateDrop, { params: { id }, body }),
    ),
  useStatements: (id: number | undefined) =>
    useQuery({
      queryKey: [...collabKeys.all, "statements", id],
      queryFn: () => browserApi.get(endpoints.statements, { params: { id: id ?? 0 } }),
      enabled: id !== undefined,
    }),
  useCreateStatement: () =>
    useWrite(({ id, periodStart, periodEnd }: { id: number; periodStart: string; periodEnd: string }) =>
      browserApi.send(endpoints.createStatement, { params: { id }, body: { periodStart, periodEnd } }),
    ),
  useMarkPaid: () =>
    useWrite(({ id, reference }: { id: number; reference: string }) =>
      browserApi.send(endpoints.markPaid, { params: { id }, body: { reference } }),
    ),
};
