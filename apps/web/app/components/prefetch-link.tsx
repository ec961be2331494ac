/**
 * A link whose page data and code are prefetched once it comes within the spec's link
 * prefetch margin (section 9: 200px) of the viewport.
 */
import { useEffect, useRef, useState } from "react";
import { Link, type LinkProps, PrefetchPageLinks } from "react-router";

export const LINK_PREFETCH_MARGIN = "200px";

export function PrefetchLink({ to, ...props }: Omit<LinkProps, "to" | "prefetch"> & { to: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || near || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LINK_PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <>
      <Link ref={ref} to={to} {...props} />
      {near && <PrefetchPageLinks page={to} />}
    </>
  );
}
