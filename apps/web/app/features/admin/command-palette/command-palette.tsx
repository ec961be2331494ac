/**
 * The staff's ⌘K palette (issue 38, cmdk): ⌘K or Ctrl+K anywhere in the admin opens it;
 * typing filters the admin pages the viewer's roles grant and finds orders (number, email),
 * products (name, SKU) and customers (name, email) in the areas they may open; Enter goes
 * there. Keyboard only: arrows move, Enter opens, Escape closes and gives focus back.
 */
import { Command } from "cmdk";
import { Search } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
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
  const matchingPages = pages.filter((page) => page.label.toLowerCase().includes(wanted));

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
        {found && found.orders.length > 0 ? (
          <Command.Group heading="Orders" className={groupClass}>
            {found.orders.map((order) => (
              <Item
                key={`o${order.id}`}
                value={`order ${order.id}`}
                onSelect={() => go(`${adminPaths.orders()}/${order.id}`)}
              >
                <span>
                  <span className="font-medium">{order.number}</span> · {order.customerName} · {order.email}
                </span>
                <span className="text-muted text-xs">
                  {order.status} · {formatMoney(order.total, order.currency)}
                </span>
              </Item>
            ))}
          </Command.Group>
        ) : null}
        {found && found.products.length > 0 ? (
          <Command.Group heading="Products" className={groupClass}>
            {found.products.map((product) => (
              <Item
                key={`p${product.id}`}
                value={`product ${product.id}`}
                onSelect={() => go(adminPaths.editProduct(product.id))}
              >
                <span className="font-medium">{product.name}</span>
                <span className="text-muted text-xs">
                  {product.sku ?? ""} {product.isPublished ? "" : "· Unpublished"}
                </span>
              </Item>
            ))}
          </Command.Group>
        ) : null}
        {found && found.customers.length > 0 ? (
          <Command.Group heading="Customers" className={groupClass}>
            {found.customers.map((customer) => (
              <Item
                key={`c${customer.id}`}
                value={`customer ${customer.id}`}
                onSelect={() => go(adminPaths.userDetails(customer.id))}
              >
                <span className="font-medium">{customer.name}</span>
                <span className="text-muted text-xs">{customer.email}</span>
              </Item>
            ))}
          </Command.Group>
        ) : null}
        {matchingPages.length > 0 ? (
          <Command.Group heading="Pages" className={groupClass}>
            {matchingPages.map((page) => (
              <Item key={page.href} value={`page ${page.href}`} onSelect={() => go(page.href)}>
                <span>{page.label}</span>
              </Item>
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
    </Command.Dialog>
  );
}

function Item({ value, onSelect, children }: { value: string; onSelect: () => void; children: ReactNode }) {
  return (
    <Command.Item value={value} onSelect={onSelect} className={itemClass}>
      {children}
    </Command.Item>
  );
}
