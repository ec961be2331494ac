/**
 * The staff member looking at the admin: their roles and permissions from GET /api/me.
 * Menu groups and page actions ask `can(permission)`; the server enforces the same rules.
 */
import type { Permission } from "@atelier/contract/constants";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useMe } from "./api.ts";

export interface Viewer {
  status: "pending" | "error" | "success";
  error: unknown;
  permissions: readonly Permission[];
  can: (permission: Permission) => boolean;
  retry: () => void;
}

const ViewerContext = createContext<Viewer | null>(null);

export function ViewerProvider({ email, children }: { email: string; children: ReactNode }) {
  const query = useMe(email);
  const { data, status, error, refetch } = query;
  const viewer = useMemo<Viewer>(() => {
    const permissions = data?.permissions ?? [];
    return {
      status,
      error,
      permissions,
      can: (permission) => permissions.includes(permission),
      retry: () => void refetch(),
    };
  }, [data, status, error, refetch]);
  return <ViewerContext value={viewer}>{children}</ViewerContext>;
}

export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error("useViewer must be used inside the admin layout");
  return viewer;
}
