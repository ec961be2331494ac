import { describe, expect, it } from "vitest";
import { defaultListQuery, listParamsFor, listQueryFrom, searchMaxLength } from "./list-query.ts";

describe("the users list's URL state", () => {
  it("reads search, filters, sort and page from the URL", () => {
    const query = listQueryFrom(new URLSearchParams("q=ada&kind=staff&status=banned&sort=name&page=3"));
    expect(query).toMatchObject({ search: "ada", kind: "staff", status: "banned", sort: "name", page: 3 });
  });

  it("falls back to the defaults for values the contract rejects", () => {
    expect(listQueryFrom(new URLSearchParams("kind=robots&page=-2"))).toEqual(defaultListQuery);
    expect(listQueryFrom(new URLSearchParams("page=99999999")).page).toBe(1);
  });

  it("keeps the good values beside a bad one", () => {
    expect(listQueryFrom(new URLSearchParams("q=ada&page=abc&sort=name"))).toMatchObject({
      search: "ada",
      sort: "name",
      page: 1,
    });
  });

  it("drops a search longer than the server takes, and a blank one", () => {
    expect(searchMaxLength).toBe(200);
    expect(listQueryFrom(new URLSearchParams({ q: "a".repeat(201), kind: "staff" }))).toMatchObject({
      search: undefined,
      kind: "staff",
    });
    expect(listQueryFrom(new URLSearchParams("q=%20%20")).search).toBeUndefined();
  });

  it("takes % and _ as text to look for", () => {
    expect(listQueryFrom(new URLSearchParams({ q: "100%_off" })).search).toBe("100%_off");
    expect(listParamsFor({ ...defaultListQuery, search: "100%_off" }).toString()).toBe("q=100%25_off");
  });

  it("writes only what differs from the defaults", () => {
    expect(listParamsFor(defaultListQuery).toString()).toBe("");
    expect(listParamsFor({ ...defaultListQuery, search: "ada", page: 2 }).toString()).toBe("q=ada&page=2");
  });
});
