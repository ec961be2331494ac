/**
 * Admin API tokens (issue 38): the list, making one (its secret comes back once) and
 * revoking one. Writes refresh the list.
 */
import { apiTokenEndpoints, type CreateApiTokenBody } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const apiTokenKeys = {
  all: ["api-tokens"] as const,
  list: () => [...apiTokenKeys.all, "list"] as const,
};

export function useApiTokens() {
  return useQuery({ queryKey: apiTokenKeys.list(), queryFn: () => browserApi.get(apiTokenEndpoints.list) });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => browserApi.send(apiTokenEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => browserApi.send(apiTokenEndpoints.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
