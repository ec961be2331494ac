/** Inventory (issue 14): the staff calls behind Inventory → Stock Status, Low Stock and Warehouse. */
import { inventoryEndpoints as endpoints, type StockQuery } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const inventoryKeys = {
  all: ["inventory"] as const,
  warehouses: () => [...inventoryKeys.all, "warehouses"] as const,
  stock: (query: StockQuery) => [...inventoryKeys.all, "stock", query] as const,
  history: (id: number) => [...inventoryKeys.all, "history", id] as const,
  lowStock: (page: number) => [...inventoryKeys.all, "low", page] as const,
  transfers: () => [...inventoryKeys.all, "transfers"] as const,
  settings: () => [...inventoryKeys.all, "settings"] as const,
};

export const useInventorySettings = () =>
  useQuery({ queryKey: inventoryKeys.settings(), queryFn: () => browserApi.get(endpoints.settings) });

export const useWarehouses = () =>
  useQuery({ queryKey: inventoryKeys.warehouses(), queryFn: () => browserApi.get(endpoints.warehouses) });

export const useStock = (query: StockQuery) =>
  useQuery({
    queryKey: inventoryKeys.stock(query),
    queryFn: () => browserApi.get(endpoints.stock, { query: query as Record<string, string | number> }),
    placeholderData: keepPreviousData,
  });

export const useHistory = (id: number) =>
  useQuery({
    queryKey: inventoryKeys.history(id),
    queryFn: () => browserApi.get(endpoints.history, { params: { id } }),
  });

export const useLowStock = (page: number) =>
  useQuery({
    queryKey: inventoryKeys.lowStock(page),
    queryFn: () => browserApi.get(endpoints.lowStock, { query: { page, pageSize: 25 } }),
    placeholderData: keepPreviousData,
  });

export const useTransfers = () =>
  useQuery({
    queryKey: inventoryKeys.transfers(),
    queryFn: () => browserApi.get(endpoints.transfers, { query: { status: "in_transit" } }),
  });

export { endpoints as inventoryEndpoints };
