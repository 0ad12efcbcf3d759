import { describe, expect, it } from "vitest";
import { Session } from "./session";

describe("the router's view of the session", () => {
  it("keeps the auth check waiting until the restore answers, then answers at once", async () => {
    const session = new Session<{ uid: string }>();
    expect(session.current).toBeUndefined();
    let answered: { uid: string } | null | undefined;
    const waiting = session.restored().then((user) => (answered = user));
    await Promise.resolve();
    expect(answered).toBeUndefined();

    session.settle({ uid: "u1" });
    await waiting;
    expect(answered).toEqual({ uid: "u1" });
    expect(await session.restored()).toEqual({ uid: "u1" });
  });

  it("follows a sign-out", async () => {
    const session = new Session<{ uid: string }>();
    session.settle({ uid: "u1" });
    session.settle(null);
    expect(session.current).toBeNull();
    expect(await session.restored()).toBeNull();
  });
});
