/**
 * Which menu groups are expanded. Dashboard, Orders and Products start expanded (spec
 * section 2); the group holding the current page opens too, so its highlighted link shows.
 */
import type { Permission } from "@atelier/contract/constants";
import { useState } from "react";
import { useLocation } from "react-router";
import { initiallyOpenGroups } from "./menu.ts";
import { groupOf } from "./menu-match.ts";

export function useOpenGroups() {
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<Permission>>(() => {
    const current = groupOf(pathname)?.id;
    return new Set(current ? [...initiallyOpenGroups, current] : initiallyOpenGroups);
  });
  // On navigation, open the new page's group (adjusting state while rendering, not in an effect).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const current = groupOf(pathname)?.id;
    if (current && !openGroups.has(current)) setOpenGroups(new Set([...openGroups, current]));
  }

  function setGroup(group: Permission, open: boolean) {
    setOpenGroups((groups) => {
      const next = new Set(groups);
      if (open) next.add(group);
      else next.delete(group);
      return next;
    });
  }
  return { openGroups, setGroup };
}
