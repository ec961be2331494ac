/**
 * Collaborators: staff CRUD (slug clash → 409, stale version → 409, unknown images,
 * products or series → 422 naming the field) and the storefront's reads (live and ended
 * collaborators only; drafts answer 404 as if they did not exist).
 *
 * A collaborator's products are its own ones plus every product of its series: the view
 * `collaborator_product_ids` (migration 0014) says which, and the catalogue's list filter
 * `collaboratorId` reads the same view, so the collab page lists with the product list's
 * filters, facets and sorts.
 */

import { bound } from "../../infra/bound.ts";
import { createCollaborator, linkCoupon, unlinkCoupon, updateCollaborator } from "./collaborator-edit.ts";
import {
  collaboratorCards,
  collaboratorPage,
  collaboratorsOfProduct,
  publicCollaboratorPages,
} from "./collaborator-pages.ts";
import { couponOptions, productOptions } from "./collaborator-pickers.ts";
import { type CollaboratorsDeps, get, listCollaborators } from "./collaborator-rows.ts";

export function collaboratorsService(deps: CollaboratorsDeps) {
  return {
    get: bound(deps, get),
    list: bound(deps, listCollaborators),
    create: bound(deps, createCollaborator),
    update: bound(deps, updateCollaborator),
    linkCoupon: bound(deps, linkCoupon),
    unlinkCoupon: bound(deps, unlinkCoupon),
    productOptions: bound(deps, productOptions),
    couponOptions: bound(deps, couponOptions),
    cards: bound(deps, collaboratorCards),
    publicPages: bound(deps, publicCollaboratorPages),
    page: bound(deps, collaboratorPage),
    ofProduct: bound(deps, collaboratorsOfProduct),
  };
}

export type CollaboratorsService = ReturnType<typeof collaboratorsService>;
