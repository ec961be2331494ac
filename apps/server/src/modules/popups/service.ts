/**
 * Pop-up rules beyond the contract's shape checks: the image must be one the media store
 * holds and the category must exist (422 naming the field); a missing pop-up is 404. Every
 * staff change is written to the activity log in its own transaction (issue 37, item 6).
 */
import type { AdminPopup, PopupInput } from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { type PopupRepository, type PopupRow, type PopupValues, popupSettings } from "./repository.ts";

type Input = z.output<typeof PopupInput>;

const notFound = () => new NotFoundError("This pop-up does not exist (it may have been deleted).");

const subject = (row: PopupRow) => ({ type: "popup", id: row.id, label: row.title });

export function popupService(repo: PopupRepository, db: Db) {
  async function values(input: Input): Promise<PopupValues> {
    const fields: Record<string, string> = {};
    if (input.imageFilename && !(await repo.imageExists(input.imageFilename))) {
      fields.imageFilename = "is not an uploaded image";
    }
    const categoryId = input.placement === "category" ? input.categoryId : null;
    if (categoryId !== null && !(await repo.categoryExists(categoryId))) {
      fields.categoryId = "is not a category";
    }
    if (Object.keys(fields).length > 0) {
      const summary = Object.entries(fields)
        .map(([name, message]) => `${name} ${message}`)
        .join("; ");
      throw new ValidationError(`Invalid body: ${summary}`, fields);
    }
    return {
      title: input.title,
      body: input.text,
      imageFilename: input.imageFilename,
      imageAlt: input.imageFilename ? input.imageAlt : "",
      buttonLabel: input.buttonLabel,
      buttonHref: input.buttonHref,
      couponCode: input.couponCode,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      audience: input.audience,
      placement: input.placement,
      categoryId,
      frequency: input.frequency,
      isEnabled: input.isEnabled,
    };
  }

  async function get(id: number): Promise<AdminPopup> {
    const popup = await repo.find(id);
    if (!popup) throw notFound();
    return popup;
  }

  return {
    list: () => repo.list(),
    get,
    async create(input: Input, actor: ActivityActor): Promise<AdminPopup> {
      const popupValues = await values(input);
      const id = await db.transaction(async (tx) => {
        const row = await repo.insert(popupValues, tx);
        await recordActivity(tx, { actor, action: "popup.create", subject: subject(row), after: popupSettings(row) });
        return row.id;
      });
      return get(id);
    },
    async update(id: number, input: Input, actor: ActivityActor): Promise<AdminPopup> {
      const popupValues = await values(input);
      await db.transaction(async (tx) => {
        const before = await repo.lockRow(id, tx);
        const row = before && (await repo.update(id, popupValues, tx));
        if (!before || !row) throw notFound();
        await recordActivity(tx, {
          actor,
          action: "popup.update",
          subject: subject(row),
          before: popupSettings(before),
          after: popupSettings(row),
        });
      });
      return get(id);
    },
    async setEnabled(id: number, isEnabled: boolean, actor: ActivityActor): Promise<AdminPopup> {
      await db.transaction(async (tx) => {
        const before = await repo.lockRow(id, tx);
        const row = before && (await repo.update(id, { isEnabled }, tx));
        if (!before || !row) throw notFound();
        await recordActivity(tx, {
          actor,
          action: isEnabled ? "popup.enable" : "popup.disable",
          subject: subject(row),
          before: { isEnabled: before.isEnabled },
          after: { isEnabled: row.isEnabled },
        });
      });
      return get(id);
    },
    async remove(id: number, actor: ActivityActor): Promise<{ deleted: true }> {
      await db.transaction(async (tx) => {
        const row = await repo.remove(id, tx);
        if (!row) throw notFound();
        await recordActivity(tx, { actor, action: "popup.delete", subject: subject(row), before: popupSettings(row) });
      });
      return { deleted: true };
    },
    running: repo.running,
  };
}

export type PopupService = ReturnType<typeof popupService>;
