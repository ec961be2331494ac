import { describe, expect, it } from "vitest";
import { defaultListQuery, listParamsFor, listQueryFrom } from "./list-query.ts";

describe("the users list's URL state", () => {
  it("reads search, filters, sort and page from the URL", () => {
    const query = listQueryFrom(new URLSearchParams("q=ada&kind=staff&status=banned&sort=name&page=3"));
    expect(query).toMatchObject({ search: "ada", kind: "staff", status: "banned", sort: "name", page: 3 });
  });

  it("falls back to the defaults for values the contract rejects", () => {
    expect(listQueryFrom(new URLSearchParams("kind=robots&page=-2"))).toEqual(defaultListQuery);
  });

  it("writes only what differs from the defaults", () => {
    expect(listParamsFor(defaultListQuery).toString()).toBe("");
    expect(listParamsFor({ ...defaultListQuery, search: "ada", page: 2 }).toString()).toBe("q=ada&page=2");
  });
});
