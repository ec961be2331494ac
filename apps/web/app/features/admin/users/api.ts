/**
 * Customers and staff (User Management): the searchable list, one user's details and the
 * actions on them (ban, unban, password-reset link, ending a session), and user insights.
 */
import { userAdminEndpoints } from "@atelier/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";
import type { ListQuery } from "./list-query.ts";

export const userKeys = {
  all: ["users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (query: ListQuery) => [...userKeys.lists(), query] as const,
  detail: (userId: string) => [...userKeys.all, "detail", userId] as const,
  insights: (days: number) => [...userKeys.all, "insights", days] as const,
};

export function useUserList(query: ListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => browserApi.get(userAdminEndpoints.listUsers, { query }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useUserDetails(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: () => browserApi.get(userAdminEndpoints.userDetails, { params: { userId } }),
    enabled: userId !== "",
  });
}

export function useUserInsights(days: number) {
  return useQuery({
    queryKey: userKeys.insights(days),
    queryFn: () => browserApi.get(userAdminEndpoints.userInsights, { query: { days } }),
    placeholderData: keepPreviousData,
  });
}

/** A write on one user: afterwards their row, their details and the insights are stale. */
function useUserAction<TVariables>(call: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const useBanUser = () =>
  useUserAction(({ userId, reason }: { userId: string; reason: string }) =>
    browserApi.send(userAdminEndpoints.banUser, { params: { userId }, body: { reason } }),
  );

export const useUnbanUser = () =>
  useUserAction((userId: string) => browserApi.send(userAdminEndpoints.unbanUser, { params: { userId } }));

/** Sends mail only: nothing shown on screen changes, so nothing is refetched. */
export const useSendPasswordReset = () =>
  useMutation({
    mutationFn: (userId: string) => browserApi.send(userAdminEndpoints.sendPasswordReset, { params: { userId } }),
  });

export const useRevokeSession = () =>
  useUserAction(({ userId, sessionId }: { userId: string; sessionId: string }) =>
    browserApi.send(userAdminEndpoints.revokeSession, { params: { userId, sessionId } }),
  );
