/**
 * The desktop bar's collab row names the live collaborators (up to six). They come from
 * the storefront layout's loader, so they are in the server-rendered page (the same for
 * every shopper, cached, and dropped from the page cache when collaborators change).
 */
import type { CollaboratorKindName } from "@atelier/contract";
import { NavLink } from "react-router";
import { collabPath } from "./collab-cards.tsx";

export interface LiveCollab {
  kind: CollaboratorKindName;
  name: string;
  slug: string;
}

export function LiveCollabLinks({ collabs }: { collabs: readonly LiveCollab[] }) {
  if (collabs.length === 0) return null;
  return (
    <>
      <span aria-hidden className="h-4 w-px bg-line" />
      {collabs.map((collab) => (
        <NavLink
          key={`${collab.kind}-${collab.slug}`}
          to={collabPath(collab.kind, collab.slug)}
          className="text-muted hover:text-ink"
          data-testid="live-collab-link"
        >
          {collab.name}
        </NavLink>
      ))}
    </>
  );
}
