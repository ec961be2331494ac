/** Pop-ups in the admin (permission `promotions`): the list, one pop-up, and the writes. */
import { type AdminPopup, catalogEndpoints, popupEndpoints as endpoints, type PopupInput } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const popupKeys = {
  all: ["popups"] as const,
  list: () => [...popupKeys.all, "list"] as const,
  one: (id: number) => [...popupKeys.all, id] as const,
};

function useWrite<TArgs, TResult>(write: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: popupKeys.all }),
  });
}

export const popupsApi = {
  useList: () => useQuery({ queryKey: popupKeys.list(), queryFn: () => browserApi.get(endpoints.list) }),
  useOne: (id: number | undefined) =>
    useQuery({
      queryKey: popupKeys.one(id ?? 0),
      queryFn: () => browserApi.get(endpoints.get, { params: { id: id ?? 0 } }),
      enabled: id !== undefined,
    }),
  useSave: () =>
    useWrite(
      ({ id, body }: { id: number | undefined; body: PopupInput }): Promise<AdminPopup> =>
        id === undefined
          ? browserApi.send(endpoints.create, { body })
          : browserApi.send(endpoints.update, { params: { id }, body }),
    ),
  useSetEnabled: () =>
    useWrite(
      ({ id, isEnabled }: { id: number; isEnabled: boolean }): Promise<AdminPopup> =>
        browserApi.send(endpoints.setEnabled, { params: { id }, body: { isEnabled } }),
    ),
  useRemove: () => useWrite((id: number) => browserApi.send(endpoints.remove, { params: { id } })),
  /** Top-level categories, for "show on one category's pages". */
  useCategories: () =>
    useQuery({
      queryKey: ["popups", "categories"],
      queryFn: async () => (await browserApi.get(catalogEndpoints.taxonomy)).categories,
      staleTime: 60_000,
    }),
};
