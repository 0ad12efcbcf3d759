import { beforeAll, describe, expect, it } from "vitest";
import { MAX_LIST_PAGE } from "@quorum/core/list-page";
import { addProject, call, signedInUser, type TestUser } from "@quorum/local/testing";

/** Lists answer in pages of `limit` from `cursor`; the first page keeps the spec's shape. */

describe("lists in pages", () => {
  let ann: TestUser;
  let ids: number[];
  beforeAll(async () => {
    ann = await signedInUser();
    ids = [];
    for (const name of ["One", "Two", "Three", "Four", "Five"]) ids.push(await addProject(ann, { name }));
  });

  it("without limit a list is the spec's object, with no cursor when nothing follows", async () => {
    const res = await call(ann, "GET", "/api/projects");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["projects"]);
    expect(res.body.projects.map((p: { id: number }) => p.id)).toEqual([...ids].reverse());
  });

  it("pages of two follow each other newest first, without repeats, until no cursor is given", async () => {
    const seen: number[] = [];
    let path = "/api/projects?limit=2";
    for (let pages = 0; pages < 5; pages++) {
      const res = await call(ann, "GET", path);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.projects.map((p: { id: number }) => p.id));
      if (!res.body.nextCursor) break;
      path = `/api/projects?limit=2&cursor=${encodeURIComponent(res.body.nextCursor)}`;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("customers, contacts and both conversation lists page the same way", async () => {
    for (const list of ["/api/customers", "/api/contacts", "/api/conversations", "/api/projects-conversations"]) {
      const res = await call(ann, "GET", `${list}?limit=1`);
      expect(res.status, `${list} ${res.text}`).toBe(200);
    }
    const docs = await call(ann, "GET", `/api/projects/${ids[0]}/documents?limit=1`);
    expect(docs.status).toBe(200);
    expect(docs.body).toEqual({ documents: [] });
  });

  it("one customer's contacts page the same way, and another user's customer is not found", async () => {
    const customer = (await call(ann, "POST", "/api/customers", { companyName: "Paged Ltd" })).body.customer as { id: number };
    const made: number[] = [];
    for (const firstName of ["Ada", "Ben", "Cleo"])
      made.push((await call(ann, "POST", `/api/customers/${customer.id}/contacts`, { firstName, lastName: "Page" })).body.contact.id);
    const seen: number[] = [];
    let path = `/api/customers/${customer.id}/contacts?limit=2`;
    for (let pages = 0; pages < 4; pages++) {
      const res = await call(ann, "GET", path);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.contacts.map((c: { id: number }) => c.id));
      if (!res.body.nextCursor) break;
      path = `/api/customers/${customer.id}/contacts?limit=2&cursor=${encodeURIComponent(res.body.nextCursor)}`;
    }
    expect(seen).toEqual([...made].reverse());
    const bob = await signedInUser();
    expect((await call(bob, "GET", `/api/customers/${customer.id}/contacts?limit=2`)).status).toBe(404);
  });

  it("a limit out of range or a cursor that is not one of ours is a 400 with a sentence", async () => {
    for (const [query, error] of [
      ["limit=0", "limit must be at least 1"],
      [`limit=${MAX_LIST_PAGE + 1}`, `limit must be at most ${MAX_LIST_PAGE}`],
      ["limit=two", "limit must be a number"],
      ["cursor=not-a-cursor", "cursor is not valid"],
    ]) {
      const res = await call(ann, "GET", `/api/projects?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(error);
    }
  });

  it("another user's cursor does not open their list", async () => {
    const first = await call(ann, "GET", "/api/projects?limit=1");
    const bob = await signedInUser();
    await addProject(bob, { name: "Bob's" });
    const res = await call(bob, "GET", `/api/projects?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "cursor is not valid" });
  });
});
