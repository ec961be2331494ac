/**
 * Pop-up rules beyond the contract's shape checks: the image must be one the media store
 * holds and the category must exist (422 naming the field); a missing pop-up is 404.
 */
import type { AdminPopup, PopupInput } from "@atelier/contract";
import type { z } from "zod";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { PopupRepository, PopupValues } from "./repository.ts";

type Input = z.output<typeof PopupInput>;

const notFound = () => new NotFoundError("This pop-up does not exist (it may have been deleted).");

export function popupService(repo: PopupRepository) {
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
    async create(input: Input): Promise<AdminPopup> {
      const id = await repo.insert(await values(input));
      return get(id);
    },
    async update(id: number, input: Input): Promise<AdminPopup> {
      if (!(await repo.update(id, await values(input)))) throw notFound();
      return get(id);
    },
    async setEnabled(id: number, isEnabled: boolean): Promise<AdminPopup> {
      if (!(await repo.update(id, { isEnabled }))) throw notFound();
      return get(id);
    },
    async remove(id: number): Promise<{ deleted: true }> {
      if (!(await repo.remove(id))) throw notFound();
      return { deleted: true };
    },
    running: repo.running,
  };
}

export type PopupService = ReturnType<typeof popupService>;
