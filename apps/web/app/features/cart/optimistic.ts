/**
 * What the cart looks like while a change is on its way: the quantity or line the
 * shopper touched changes at once; totals and notices wait for the server's answer,
 * which replaces this guess (or the old cart comes back if the change is refused).
 */
import type { Cart } from "@atelier/contract";
import type { CartChange } from "./api.ts";

export function optimisticCart(cart: Cart, change: CartChange): Cart {
  switch (change.kind) {
    case "quantity": {
      const lines = cart.lines.map((line) =>
        line.id === change.lineId
          ? { ...line, quantity: change.quantity, lineTotal: line.unitPrice * change.quantity }
          : line,
      );
      return { ...cart, lines, count: lines.reduce((sum, line) => sum + line.quantity, 0) };
    }
    case "remove":
    case "save-for-later": {
      const lines = cart.lines.filter((line) => line.id !== change.lineId);
      return { ...cart, lines, count: lines.reduce((sum, line) => sum + line.quantity, 0) };
    }
    case "accept-prices":
      return {
        ...cart,
        lines: cart.lines.map((line) => ({ ...line, seenUnitPrice: line.unitPrice, priceChanged: false })),
        notices: { ...cart.notices, priceChanges: 0 },
      };
  }
}
