/** Staff promotions calls (issue 13): coupons, their codes, target options and the usage log. */
import {
  type CouponInput,
  type CouponListQuery,
  promotionEndpoints as endpoints,
  type GenerateCodesBody,
  type UsageQuery,
} from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const couponKeys = {
  all: ["admin-coupons"] as const,
  list: (query: CouponListQuery) => [...couponKeys.all, "list", query] as const,
  one: (id: number) => [...couponKeys.all, "one", id] as const,
  targets: (q: string) => [...couponKeys.all, "targets", q] as const,
  usage: (query: UsageQuery) => [...couponKeys.all, "usage", query] as const,
  codes: (id: number, page: number) => [...couponKeys.all, "codes", id, page] as const,
};

type Query = Record<string, string | number>;

export function useCouponList(query: CouponListQuery) {
  return useQuery({
    queryKey: couponKeys.list(query),
    queryFn: () => browserApi.get(endpoints.list, { query: query as Query }),
    placeholderData: keepPreviousData,
  });
}

export function useCoupon(id: number | null) {
  return useQuery({
    queryKey: couponKeys.one(id ?? 0),
    queryFn: () => browserApi.get(endpoints.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function useTargetOptions(q: string) {
  return useQuery({
    queryKey: couponKeys.targets(q),
    queryFn: () => browserApi.get(endpoints.targets, { query: q ? { q } : {} }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useUsage(query: UsageQuery) {
  return useQuery({
    queryKey: couponKeys.usage(query),
    queryFn: () => browserApi.get(endpoints.usage, { query: query as Query }),
    placeholderData: keepPreviousData,
  });
}

export function useCodes(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: couponKeys.codes(id, page),
    queryFn: () => browserApi.get(endpoints.codes, { params: { id }, query: { page, pageSize: 20 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const couponActions = {
  create: (body: CouponInput) => browserApi.send(endpoints.create, { body }),
  update: (id: number, body: CouponInput & { version: number }) =>
    browserApi.send(endpoints.update, { params: { id }, body }),
  setActive: (id: number, isActive: boolean, version: number) =>
    browserApi.send(endpoints.setActive, { params: { id }, body: { isActive, version } }),
  duplicate: (id: number) => browserApi.send(endpoints.duplicate, { params: { id } }),
  remove: (id: number) => browserApi.send(endpoints.remove, { params: { id } }),
  generate: (id: number, body: GenerateCodesBody) => browserApi.send(endpoints.generateCodes, { params: { id }, body }),
};

/** Downloads a CSV answer under the file name the server gives it. */
/** Reports and collab statements import it from here; it lives with the admin list parts. */
export { downloadCsv } from "../list/csv.ts";

export { endpoints as couponEndpoints };
