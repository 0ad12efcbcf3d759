import { beforeAll, describe, expect, it } from "vitest";
import { MAX_MESSAGE_PAGE, MESSAGE_PAGE_SIZE } from "@quorum/core/chat/limits";
import { addProject, call, seedChat, signedInUser, type TestUser } from "@quorum/local/testing";

/**
 * A long project chat comes back a page at a time: the latest page first, then
 * each page before it through `older`, until the conversation's first message.
 */
const COUNT = 120;

type Page = { messages: { id: string; content: string }[]; hasMore: boolean; older: number | null };

/** Reads every page from the latest back, as the web does on scroll. */
async function readAll(user: TestUser, url: string) {
  const pages: Page[] = [];
  let before: number | null | undefined;
  do {
    const res = await call(
      user,
      "GET",
      `${url}${url.includes("?") ? "&" : "?"}limit=${MESSAGE_PAGE_SIZE}${before == null ? "" : `&before=${before}`}`,
    );
    expect(res.status, res.text).toBe(200);
    pages.push(res.body);
    before = res.body.older;
  } while (pages.at(-1)!.hasMore && pages.length < 10);
  return pages;
}

const all = Array.from({ length: COUNT }, (_, i) => `Message ${i}`);

describe("a long project chat", () => {
  let ann: TestUser;
  let projectId: number;
  let allId: string;

  beforeAll(async () => {
    ann = await signedInUser();
    projectId = await addProject(ann);
    await seedChat(ann, { kind: "project", projectId, projectName: "Riverside Warehouse" }, COUNT);
    allId = await seedChat(ann, { kind: "all" }, COUNT);
  }, 60_000);

  it("answers its latest page first and every earlier page through older, in order", async () => {
    const pages = await readAll(ann, `/api/projects/${projectId}/conversation`);
    expect(pages.map((p) => p.messages.length)).toEqual([50, 50, 20]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.at(-1)!.older).toBeNull();
    expect(pages[0]!.messages.at(-1)!.content).toBe(`Message ${COUNT - 1}`);
    expect(pages.toReversed().flatMap((p) => p.messages.map((m) => m.content))).toEqual(all);
  });

  it("answers the latest messages, up to the largest page, when no page size is asked for", async () => {
    const res = await call(ann, "GET", `/api/projects/${projectId}/conversation`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ hasMore: false, older: null });
    expect(res.body.messages).toHaveLength(Math.min(COUNT, MAX_MESSAGE_PAGE));
  });

  it("refuses a page size or a start that is not one", async () => {
    for (const query of ["limit=0", `limit=${MAX_MESSAGE_PAGE + 1}`, "limit=ten", "before=-1", "before=x"]) {
      const res = await call(ann, "GET", `/api/projects/${projectId}/conversation?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.error, query).toBe("string");
    }
  });

  it("pages the all-projects conversation the same way through the projects conversations API", async () => {
    const pages = await readAll(ann, `/api/projects-conversations/${allId}?userId=${ann.uid}`);
    expect(pages.map((p) => p.messages.length)).toEqual([50, 50, 20]);
    expect(pages.toReversed().flatMap((p) => p.messages.map((m) => m.content))).toEqual(all);
  });
});
