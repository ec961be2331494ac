/**
 * The reads every storefront page makes and every visitor gets the same answer to — the
 * store settings and the taxonomy (root loader), the live collaborators (the desktop bar's
 * collab row) — kept in memory, parsed, until something they show changes (issue 18).
 * The web app's loaders ask for them by API URL (`sharedApiFrom` in apps/web/app/lib/api.ts);
 * any other URL goes to the API as before.
 *
 * Each is loaded through the API's own handler, in process (http/in-process.ts: the same
 * answer a loader would get over HTTP, so pages stay byte for byte what they were), and
 * forgotten on the page cache's surrogate keys (bus topics `catalog`, `settings`, `collabs`): whatever drops the cached pages drops these, in
 * every process (infra/topic-memo.ts). The values are frozen: they are shared by every
 * request, and a loader changing one would change it for all.
 */
import { catalogEndpoints, collabEndpoints, type Endpoint } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import type { InvalidationBus } from "../infra/invalidation-bus.ts";
import { TopicMemo } from "../infra/topic-memo.ts";
import { shellTopics } from "./cacheable-pages.ts";
import { deepFreeze } from "./routes.ts";

/** For an API URL, its kept answer, or undefined when it is not one of the shared reads. */
export type SharedReads = (url: string) => Promise<unknown> | undefined;

/** The shared reads: GETs without parameters whose answer is the same for every visitor. */
const sharedEndpoints: readonly Endpoint[] = [catalogEndpoints.store, catalogEndpoints.taxonomy, collabEndpoints.list];
export const sharedReadUrls: readonly string[] = sharedEndpoints.map((endpoint) => endpointUrl(endpoint));

/** `read` answers an endpoint's public read as a value (http/in-process.ts, or the API over HTTP). */
export function sharedReads(
  bus: Pick<InvalidationBus, "subscribe">,
  read: (endpoint: Endpoint) => Promise<unknown>,
): SharedReads {
  const memos = new Map(
    sharedEndpoints.map((endpoint) => [
      endpointUrl(endpoint),
      new TopicMemo(bus, shellTopics, async () => deepFreeze(await read(endpoint))),
    ]),
  );
  return (url) => memos.get(url)?.get();
}
