/**
 * The menus' deeper levels (a menu's categories, their sub-categories and links), loaded
 * when a shopper reaches for a menu rather than sent with every page: the root sends only
 * the rows the first paint draws (`ShellNavigation`). The browser asks the API for the
 * taxonomy, as any client would, and builds the menus with the same rules the server
 * used (build-navigation.ts, a chunk of its own).
 *
 * Keyed by the root's navigation object: when the root's data is loaded again (after a
 * form action) the next reach loads the menus again, so rows and panels stay one taxonomy.
 */
import type { Taxonomy } from "@atelier/contract";
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import { useCallback, useState } from "react";
import type { NavMenu, ShellNavigation } from "./build-navigation.ts";

const taxonomies = new WeakMap<ShellNavigation, Promise<Taxonomy>>();
const menus = new WeakMap<ShellNavigation, Promise<NavMenu[]>>();

/** Loads once per root navigation; a failure is forgotten, so the next reach tries again. */
function once<T>(cache: WeakMap<ShellNavigation, Promise<T>>, version: ShellNavigation, load: () => Promise<T>) {
  let loading = cache.get(version);
  if (!loading) {
    loading = load();
    loading.catch(() => {
      if (cache.get(version) === loading) cache.delete(version);
    });
    cache.set(version, loading);
  }
  return loading;
}

/** The taxonomy, from the API (also the pop-ups' page → category rule: popup-page.ts). */
export function loadTaxonomy(version: ShellNavigation): Promise<Taxonomy> {
  return once(taxonomies, version, async () => {
    const response = await fetch(endpointUrl({ path: shopApiPaths.taxonomy }));
    if (!response.ok) throw new Error(`The taxonomy answered ${response.status}`);
    return (await response.json()) as Taxonomy;
  });
}

/** The whole menus, each with its categories, sub-categories and links. */
export function loadMenus(version: ShellNavigation): Promise<NavMenu[]> {
  return once(menus, version, async () => {
    const [{ buildNavigation }, taxonomy] = await Promise.all([import("./build-navigation.ts"), loadTaxonomy(version)]);
    return buildNavigation(taxonomy);
  });
}

/** The desktop menus' panel (its own chunk), loaded beside the menus' data. */
export const loadMegaMenu = () => import("./mega-menu.tsx");

/**
 * The whole menus once loaded (undefined until then), and `reach`, which starts loading
 * them: called when a shopper points at, focuses or presses a menu, or opens the drawer.
 */
export function useMenus(version: ShellNavigation): [NavMenu[] | undefined, reach: () => void] {
  const [loaded, setLoaded] = useState<{ version: ShellNavigation; menus: NavMenu[] }>();
  const reach = useCallback(() => {
    loadMenus(version).then(
      (built) => setLoaded((current) => (current?.version === version ? current : { version, menus: built })),
      (error: unknown) => console.error("The menus failed to load", error),
    );
  }, [version]);
  return [loaded?.version === version ? loaded.menus : undefined, reach];
}
