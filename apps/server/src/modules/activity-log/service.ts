/**
 * The activity log's write side: `recordActivity(txOrDb, entry)`. Call it with the
 * transaction that makes the change, so the entry commits (or rolls back) with it. Only
 * the fields that differ between `before` and `after` are kept, secrets are masked
 * (redact.ts), and an update that changed nothing writes no entry.
 */
import type { ActivityAction } from "@atelier/contract/constants";
import type { FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { activityLog } from "../../db/schema/index.ts";
import { callerOf } from "../../http/access.ts";
import { redact, redactText } from "./redact.ts";

/** The staff member who acted (a snapshot: the entry keeps name and email if they leave). */
export interface ActivityActor {
  id: string | null;
  name: string;
  email: string;
}

export type ActivityValues = Record<string, unknown>;

export interface ActivityEntryInput {
  actor: ActivityActor;
  action: ActivityAction;
  subject: { type: string; id: string | number; label?: string };
  /** The subject before the change (null or absent: it was created). */
  before?: ActivityValues | null;
  /** The subject after the change (null or absent: it was deleted). */
  after?: ActivityValues | null;
}

/** JSON with sorted keys: equal values give equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item && typeof item === "object" && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    }
    return item;
  });
}

/**
 * Keeps the fields that changed. With both sides, a field is kept when its value differs
 * (missing counts as null); with one side only (created, deleted), every field is kept.
 */
export function changedFields(
  before: ActivityValues | null | undefined,
  after: ActivityValues | null | undefined,
): { before: ActivityValues | null; after: ActivityValues | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const changedBefore: ActivityValues = {};
  const changedAfter: ActivityValues = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? null;
    const is = after[key] ?? null;
    if (canonical(was) === canonical(is)) continue;
    changedBefore[key] = was;
    changedAfter[key] = is;
  }
  return { before: changedBefore, after: changedAfter };
}

/** Writes one entry; answers false (and writes nothing) when an update changed nothing. */
export async function recordActivity(executor: Db | Tx, entry: ActivityEntryInput): Promise<boolean> {
  // Compared before masking, so a changed secret still shows as changed ("[redacted]" both sides).
  const changed = changedFields(entry.before, entry.after);
  if (
    changed.before &&
    changed.after &&
    Object.keys(changed.before).length === 0 &&
    Object.keys(changed.after).length === 0
  ) {
    return false;
  }
  await executor.insert(activityLog).values({
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    actorEmail: entry.actor.email,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: String(entry.subject.id).slice(0, 64),
    subjectLabel: redactText(entry.subject.label ?? "").slice(0, 300),
    before: redact(changed.before) as ActivityValues | null,
    after: redact(changed.after) as ActivityValues | null,
  });
  return true;
}

/** The verified caller of a staff route as the actor of what it changes. */
export async function activityActor(request: FastifyRequest): Promise<ActivityActor> {
  const { user } = await callerOf(request);
  return { id: user.id, name: user.name, email: user.email };
}

/** For changes nobody made in the admin (imports from the CLI, the seed). */
export const systemActor: ActivityActor = { id: null, name: "System", email: "" };
