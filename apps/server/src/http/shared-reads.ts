/**
 * The reads every storefront page makes and every visitor gets the same answer to — the
 * store settings and the taxonomy (root loader), the live collaborators (the desktop bar's
 * collab row) — kept in memory, parsed, until something they show changes (issue 18).
 * The web app's loaders ask for them by API URL (`sharedApiFrom` in apps/web/app/lib/api.ts);
 * any other URL goes to the API as before.
 *
 * Each is loaded through the API itself (the same answer a loader would parse, so pages stay
 * byte for byte what they were) and forgotten on the page cache's surrogate keys (bus
 * topics `catalog`, `settings`, `collabs`): whatever drops the cached pages drops these, in
 * every process (infra/topic-memo.ts). The values are frozen: they are shared by every
 * request, and a loader changing one would change it for all.
 */
import { catalogEndpoints, collabEndpoints } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import type { InvalidationBus } from "../infra/invalidation-bus.ts";
import { TopicMemo } from "../infra/topic-memo.ts";
import { shellTopics } from "./cacheable-pages.ts";

/** For an API URL, its kept answer, or undefined when it is not one of the shared reads. */
export type SharedReads = (url: string) => Promise<unknown> | undefined;

/** The shared reads: GETs without parameters whose answer is the same for every visitor. */
export const sharedReadUrls: readonly string[] = [
  endpointUrl(catalogEndpoints.store),
  endpointUrl(catalogEndpoints.taxonomy),
  endpointUrl(collabEndpoints.list),
];

export function sharedReads(
  bus: Pick<InvalidationBus, "subscribe">,
  get: (url: string) => Promise<Response>,
): SharedReads {
  const memos = new Map(
    sharedReadUrls.map((url) => [
      url,
      new TopicMemo(bus, shellTopics, async () => {
        const response = await get(url);
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
        return deepFreeze(await response.json());
      }),
    ]),
  );
  return (url) => memos.get(url)?.get();
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
