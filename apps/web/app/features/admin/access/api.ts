/**
 * Who is looking at the admin: the spec's admin check (sections 4, 7, 8) and the viewer's
 * roles and permissions (GET /api/me), which decide the menu groups shown.
 */
import { identityEndpoints } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const accessKeys = {
  all: ["access"] as const,
  adminCheck: (email: string) => [...accessKeys.all, "check-if-admin", email] as const,
  me: (email: string) => [...accessKeys.all, "me", email] as const,
};

/**
 * GET /api/admin/checkIfAdmin with the Bearer token (browserApi adds it) and the email the
 * spec's admin calls pass (section 6). Spec section 8: a failed check (network, 401, 403,
 * 5xx) is logged and means "not admin", so this never throws.
 */
export async function checkIfAdmin(email: string): Promise<boolean> {
  try {
    const answer = await browserApi.get(identityEndpoints.checkIfAdmin, { query: { email } });
    return answer.isAdmin === true;
  } catch (error) {
    console.error("Admin check failed: treating the visitor as not admin", error);
    return false;
  }
}

export function useAdminCheck(email: string | undefined) {
  return useQuery({
    queryKey: accessKeys.adminCheck(email ?? ""),
    queryFn: () => checkIfAdmin(email ?? ""),
    enabled: email !== undefined,
    retry: false,
  });
}

export function useMe(email: string) {
  return useQuery({
    queryKey: accessKeys.me(email),
    queryFn: () => browserApi.get(identityEndpoints.me),
  });
}
