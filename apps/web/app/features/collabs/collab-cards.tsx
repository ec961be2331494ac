/** The grid of live collaborators on /collabs/artist and /collabs/influencer. */
import type { CollaboratorCard } from "@atelier/contract";
import { Link } from "react-router";
import { StoredImage } from "../../components/stored-image.tsx";

export const collabPath = (kind: string, slug: string) => `/collabs/${kind}/${encodeURIComponent(slug)}`;

export function CollabCards({ cards }: { cards: CollaboratorCard[] }) {
  if (cards.length === 0) {
    return (
      <p className="rounded-xl bg-stone-50 px-6 py-10 text-center text-muted">
        New collaborations are on their way. Check back soon.
      </p>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.slug}>
          <Link
            to={collabPath(card.kind, card.slug)}
            className="group block h-full overflow-hidden rounded-2xl border border-line bg-white hover:shadow-md"
          >
            <div className="aspect-square bg-stone-100">
              {card.portrait ? (
                <StoredImage
                  filename={card.portrait}
                  srcWidth={480}
                  alt=""
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="size-full object-cover"
                  loading="lazy"
                />
              ) : (
                <div
                  className="flex size-full items-center justify-center font-bold text-5xl text-stone-400"
                  aria-hidden
                >
                  {card.name.slice(0, 1)}
                </div>
              )}
            </div>
            <div className="space-y-1 p-4">
              <h2 className="font-semibold text-lg group-hover:underline">{card.name}</h2>
              <p className="line-clamp-3 text-sm text-stone-700">{card.shortBio}</p>
              <p className="text-muted text-sm">
                {card.productCount} {card.productCount === 1 ? "product" : "products"}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
