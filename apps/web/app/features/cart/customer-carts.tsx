/**
 * /MyCart for staff with the `orders` permission (issue 7): besides their own cart, the
 * customers' carts: who, what, value, last activity, open or abandoned (idle for
 * `ABANDONED_CART_HOURS`). Other visitors never see or ask for it.
 */
import { adminOrderEndpoints, identityEndpoints } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { browserApi } from "../../lib/api.ts";
import { storageKeys } from "../../lib/credentials.ts";
import { formatMoney } from "../../lib/money.ts";

function useCanSeeCarts(): boolean {
  const me = useQuery({
    queryKey: ["me", "orders-permission"],
    queryFn: async () => {
      if (!window.localStorage.getItem(storageKeys.accessToken)) return false;
      const answer = await browserApi.get(identityEndpoints.me).catch(() => null);
      return answer?.permissions.includes("orders") ?? false;
    },
    staleTime: 60_000,
  });
  return me.data === true;
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function CustomerCarts() {
  const allowed = useCanSeeCarts();
  const carts = useQuery({
    queryKey: ["admin-carts"],
    queryFn: () => browserApi.get(adminOrderEndpoints.carts),
    enabled: allowed,
  });
  if (!allowed) return null;
  const data = carts.data;
  return (
    <section aria-labelledby="customer-carts" className="mx-auto max-w-screen-xl px-4 pb-12">
      <h2 id="customer-carts" className="font-bold text-2xl tracking-tight">
        Customer carts
      </h2>
      <p className="mt-1 text-muted text-sm">
        Carts with items, most recently active first.{" "}
        {data ? `Abandoned after ${data.abandonedAfterHours} hours without activity.` : ""}
      </p>
      {carts.isError ? (
        <p role="alert" className="mt-4">
          We could not load the customers' carts.
        </p>
      ) : !data ? (
        <p className="mt-4 text-muted" aria-busy="true">
          Loading carts…
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-muted">No customer has anything in their cart.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-2xl border border-line bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Customer carts</caption>
            <thead className="border-line border-b bg-stone-50 text-muted text-xs">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Customer
                </th>
                <th scope="col" className="px-4 py-2">
                  Items
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Value
                </th>
                <th scope="col" className="px-4 py-2">
                  Last activity
                </th>
                <th scope="col" className="px-4 py-2">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((cart) => (
                <tr key={cart.id} className="border-line border-b last:border-0">
                  <td className="px-4 py-2">
                    {cart.customer}
                    <span className="block text-muted text-xs">{cart.isGuest ? "Guest" : cart.email}</span>
                  </td>
                  <td className="px-4 py-2">
                    {cart.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatMoney(cart.value, cart.currency)}</td>
                  <td className="px-4 py-2">{dateTime.format(new Date(cart.lastActivity))}</td>
                  <td className="px-4 py-2">{cart.state === "abandoned" ? "Abandoned" : "Open"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
