/**
 * The Owner's security rules (issue 37 item 9): read by staff who manage roles, changed
 * by the Owner only. Turning "staff need a second factor" on needs the Owner to be signed
 * in with one (a code or a passkey), so the rule cannot shut the one person who may lift
 * it out of the admin.
 * Every change is in the activity log.
 */
import type { SecuritySettings } from "@atelier/contract";
import { OWNER_ROLE } from "@atelier/contract/constants";
import type { Db } from "../../db/client.ts";
import { ConflictError, ForbiddenError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import type { SecuritySettingsRepository } from "../identity/index.ts";
import { type Actor, activityActorOf } from "./users-service.ts";

export function securityService(deps: { db: Db; settings: SecuritySettingsRepository }) {
  const { db, settings } = deps;
  return {
    get: (): Promise<SecuritySettings> => settings.get(),

    async update(
      actor: Actor & { roles: string[]; signedInWithSecondFactor: boolean },
      body: SecuritySettings,
    ): Promise<SecuritySettings> {
      if (!actor.roles.includes(OWNER_ROLE)) {
        throw new ForbiddenError("Only the Owner can change the security rules.");
      }
      if (body.requireStaffSecondFactor && !actor.signedInWithSecondFactor) {
        throw new ConflictError(
          "Turn on two-step sign-in for your own account first (Dashboard, Two-step sign-in) and sign in with it: the rule would lock you out of the admin.",
        );
      }
      return db.transaction(async (tx) => {
        const before = await settings.set(body, tx);
        if (before.requireStaffSecondFactor !== body.requireStaffSecondFactor) {
          await recordActivity(tx, {
            actor: activityActorOf(actor),
            action: "settings.security",
            subject: { type: "settings", id: "security", label: "Security rules" },
            before: { requireStaffSecondFactor: before.requireStaffSecondFactor },
            after: { requireStaffSecondFactor: body.requireStaffSecondFactor },
          });
        }
        return body;
      });
    },
  };
}
