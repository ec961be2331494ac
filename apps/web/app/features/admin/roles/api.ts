/**
 * Roles and their permissions (Role Management): list, create, edit, delete, and the
 * roles a user holds. Writes refresh the lists they change and report through toasts.
 */
import { type RoleBody, userAdminEndpoints } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";
import { userKeys } from "../users/api.ts";

export const roleKeys = {
  all: ["roles"] as const,
  list: () => [...roleKeys.all, "list"] as const,
};

export function useRoles() {
  return useQuery({ queryKey: roleKeys.list(), queryFn: () => browserApi.get(userAdminEndpoints.listRoles) });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: RoleBody }) =>
      id === undefined
        ? browserApi.send(userAdminEndpoints.createRole, { body })
        : browserApi.send(userAdminEndpoints.updateRole, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => browserApi.send(userAdminEndpoints.deleteRole, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/** Replaces the roles a user holds; role user counts and user rows change with it. */
export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleIds }: { userId: string; roleIds: number[] }) =>
      browserApi.send(userAdminEndpoints.setUserRoles, { params: { userId }, body: { roleIds } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
