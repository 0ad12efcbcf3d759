import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";

/** The leveling page's arrangement kept per project, over the wire. */

let ann: TestUser;
let bob: TestUser;

async function addProject(user: TestUser) {
  const res = await call(user, "POST", "/api/projects", {
    name: "Depot",
    description: "",
    address: "",
    salesforceOppId: "",
    userId: user.uid,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.project.id as number;
}

describe("a project's saved leveling", () => {
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
  });

  it("is null until arranged, then opens as it was left; a save replaces it whole", async () => {
    const id = await addProject(ann);
    expect((await call(ann, "GET", `/api/projects/${id}/leveling`)).body).toEqual({ leveling: null });

    const arranged = { quotes: "4,7,9", base: "USD", rates: "EUR:1.08:2031-11-20;GBP:1.27:2031-11-20", award: "4:0,9:2" };
    const saved = await call(ann, "PUT", `/api/projects/${id}/leveling`, arranged);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.leveling).toMatchObject(arranged);
    const read = await call(ann, "GET", `/api/projects/${id}/leveling`);
    expect(read.body.leveling).toEqual({ ...arranged, updatedAt: saved.body.leveling.updatedAt });

    // Awards withdrawn and rates cleared: the next read has none.
    await call(ann, "PUT", `/api/projects/${id}/leveling`, { quotes: "4,7", base: "EUR" });
    expect((await call(ann, "GET", `/api/projects/${id}/leveling`)).body.leveling).toEqual({
      quotes: "4,7",
      base: "EUR",
      updatedAt: expect.any(String),
    });
  });

  it("another account's project is not found, for reading and for saving, and keeps its awards", async () => {
    const id = await addProject(ann);
    await call(ann, "PUT", `/api/projects/${id}/leveling`, { quotes: "1,2", award: "1:0" });
    const read = await call(bob, "GET", `/api/projects/${id}/leveling`);
    expect([read.status, read.body]).toEqual([404, { error: "Project not found" }]);
    expect((await call(bob, "PUT", `/api/projects/${id}/leveling`, { quotes: "1", award: "1:3" })).status).toBe(404);
    expect((await call(ann, "GET", `/api/projects/${id}/leveling`)).body.leveling).toMatchObject({ quotes: "1,2", award: "1:0" });
  });

  it("refuses settings it cannot read with the reason, and keeps what was saved", async () => {
    const id = await addProject(ann);
    await call(ann, "PUT", `/api/projects/${id}/leveling`, { quotes: "3", award: "3:1" });
    const refusals: [unknown, string][] = [
      [{ quotes: "3;DROP" }, "quotes must be quote ids separated by commas"],
      [{ quotes: "3", base: "usd" }, "base must be a three-letter currency code"],
      [{ quotes: "3", rates: "EUR:abc" }, "rates must be CURRENCY:rate:YYYY-MM-DD separated by semicolons"],
      [{ quotes: "3", award: "3-1" }, "award must be quote:line pairs separated by commas"],
      [{ quotes: "1,".repeat(1001) + "1" }, "A leveling setting may be at most 2000 characters"],
    ];
    for (const [body, message] of refusals) {
      const res = await call(ann, "PUT", `/api/projects/${id}/leveling`, body);
      expect([res.status, res.body.error]).toEqual([400, message]);
    }
    expect((await call(ann, "GET", `/api/projects/${id}/leveling`)).body.leveling).toMatchObject({ quotes: "3", award: "3:1" });
    expect((await call(ann, "GET", `/api/projects/abc/leveling`)).status).toBe(400);
  });
});
