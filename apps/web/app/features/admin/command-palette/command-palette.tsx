/**
 * The staff's ⌘K palette (issue 38, cmdk): ⌘K or Ctrl+K anywhere in the admin opens it;
 * typing filters the admin pages the viewer's roles grant and finds orders (number, email),
 * products (name, SKU) and customers (name, email) in the areas they may open; Enter goes
 * there. Keyboard only: arrows move, Enter opens, Escape closes and gives focus back.
 */
import { Command } from "cmdk";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useViewer } from "../access/viewer.tsx";
import { homeLink } from "../layout/menu.ts";
import { visibleGroups } from "../layout/menu-match.ts";
import { useDebouncedValue } from "../use-debounced-value.ts";
import { useAdminSearch } from "./api.ts";

/** Opens the palette on ⌘K / Ctrl+K; `open` and `setOpen` for a button that opens it too. */
export function useCommandPalette() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return { open, setOpen };
}

const itemClass =
  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm aria-selected:bg-stone-100 aria-selected:text-ink";
const groupClass =
  "px-1 py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted [&_[cmdk-group-heading]]:text-xs";

export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const debounced = useDebouncedValue(text);
  const search = useAdminSearch(debounced);
  const found = search.data;

  const go = (href: string) => {
    onOpenChange(false);
    setText("");
    navigate(href);
  };

  const pages = [
    homeLink,
    ...visibleGroups(viewer.permissions).flatMap((group) =>
      group.links.map((link) => ({ ...link, label: `${group.label}: ${link.label}` })),
    ),
  ];

  const wanted = text.trim().toLowerCase();
  const groups: { heading: string; entries: Entry[] }[] = [
    {
      heading: "Orders",
      entries: (found?.orders ?? []).map((order) => ({
        href: `${adminPaths.orders()}/${order.id}`,
        label: `${order.number} · ${order.customerName} · ${order.email}`,
        detail: `${order.status} · ${formatMoney(order.total, order.currency)}`,
      })),
    },
    {
      heading: "Products",
      entries: (found?.products ?? []).map((product) => ({
        href: adminPaths.editProduct(product.id),
        label: product.name,
        detail: [product.sku, product.isPublished ? null : "Unpublished"].filter(Boolean).join(" · "),
      })),
    },
    {
      heading: "Customers",
      entries: (found?.customers ?? []).map((customer) => ({
        href: adminPaths.userDetails(customer.id),
        label: customer.name,
        detail: customer.email,
      })),
    },
    { heading: "Pages", entries: pages.filter((page) => page.label.toLowerCase().includes(wanted)) },
  ];

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setText("");
      }}
      label="Go to a page, order, product or customer"
      // Results from the server are already matched; cmdk filters only what it has (the pages).
      shouldFilter={false}
      overlayClassName="fixed inset-0 z-50 bg-black/40"
      contentClassName="fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-line bg-white shadow-2xl"
    >
      <div className="flex items-center gap-2 border-line border-b px-3">
        <Search aria-hidden className="size-4 text-stone-500" />
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Pages, order number or email, product or SKU, customer…"
          className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-stone-500"
        />
      </div>
      <Command.List className="max-h-[60vh] overflow-y-auto p-1">
        {search.isFetching ? (
          <Command.Loading>
            <p className="px-3 py-2 text-muted text-sm">Searching...</p>
          </Command.Loading>
        ) : null}
        <Command.Empty className="px-3 py-6 text-center text-muted text-sm">Nothing matches “{text}”.</Command.Empty>
        {groups
          .filter((group) => group.entries.length > 0)
          .map((group) => (
            <Command.Group key={group.heading} heading={group.heading} className={groupClass}>
              {group.entries.map((entry) => (
                <Command.Item key={entry.href} value={entry.href} onSelect={() => go(entry.href)} className={itemClass}>
                  <span>{entry.label}</span>
                  {entry.detail ? <span className="text-muted text-xs">{entry.detail}</span> : null}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
      </Command.List>
    </Command.Dialog>
  );
}

/** One row: where it goes, what it is, and a detail in smaller print. */
interface Entry {
  href: string;
  label: string;
  detail?: string;
}
