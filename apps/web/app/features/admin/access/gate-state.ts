/** The admin gate's states (spec section 4): unknown (spinner), then admin or not-admin. */
import type { AuthState } from "../../identity/auth-store.ts";

export type GateState = "unknown" | "admin" | "not-admin";

/**
 * Signed-out visitors are not admins without asking (they have no token to check); a
 * signed-in one is whatever the server's check answered, and unknown until it has.
 */
export function gateState(
  auth: AuthState["status"],
  check: { isPending: boolean; data: boolean | undefined },
): GateState {
  if (auth === "loading") return "unknown";
  if (auth === "signed-out") return "not-admin";
  if (check.isPending) return "unknown";
  return check.data === true ? "admin" : "not-admin";
}
