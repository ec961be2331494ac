import { describe, expect, it } from "vitest";
import { accountLinks, sessionEntry } from "./account-links.ts";

describe("the account menu", () => {
  it("offers Dashboard, My orders and Contact Us to everyone", () => {
    expect(accountLinks.map(({ label, href }) => [label, href])).toEqual([
      ["Dashboard", "/dashboard"],
      ["My orders", "/my-orders"],
      ["Contact Us", "/contact"],
    ]);
  });

  it("ends with Login when signed out, Logout when signed in, and neither while checking", () => {
    const onLogout = () => {};
    const actions = { loginHref: "/login?redirectTo=%2Fcontact", onLogout };
    expect(sessionEntry("signed-out", actions)).toEqual({ label: "Login", href: "/login?redirectTo=%2Fcontact" });
    expect(sessionEntry("signed-in", actions)).toEqual({ label: "Logout", onSelect: onLogout });
    expect(sessionEntry("loading", actions)).toBeNull();
  });
});
