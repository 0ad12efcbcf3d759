import { describe, expect, it } from "vitest";
import { FIRST_MESSAGE, MessageTree, type TreeNode } from "./branches";

const node = (messageId: string, position: number, parentId?: string): TreeNode => ({ messageId, position, parentId });
const ids = (nodes: TreeNode[]) => nodes.map((n) => n.messageId);

describe("a conversation's messages as a tree", () => {
  it("messages without a parent read as one line, as conversations did before branches", () => {
    const tree = new MessageTree([node("q1", 0), node("a1", 1), node("q2", 2), node("a2", 3)]);
    expect(ids(tree.shownPath(undefined))).toEqual(["q1", "a1", "q2", "a2"]);
    expect(tree.placeOf("q2")).toBeUndefined();
  });

  it("an edited question sits beside the first version; the chosen branch is shown, the newest when none is chosen", () => {
    const tree = new MessageTree([node("q1", 0), node("a1", 1), node("q2", 2), node("a2", 3), node("q2b", 4, "a1"), node("a2b", 5, "q2b")]);
    expect(ids(tree.shownPath(undefined))).toEqual(["q1", "a1", "q2b", "a2b"]);
    expect(ids(tree.shownPath("a2"))).toEqual(["q1", "a1", "q2", "a2"]);
    expect(tree.placeOf("q2")).toEqual({ index: 1, count: 2, ids: ["q2", "q2b"] });
  });

  it("choosing a version shows the newest branch under it", () => {
    const tree = new MessageTree([node("q1", 0), node("a1", 1), node("a1b", 2, "q1"), node("q2", 3, "a1"), node("a2", 4, "q2")]);
    expect(tree.newestLeaf("a1")).toBe("a2");
    expect(ids(tree.shownPath("a1"))).toEqual(["q1", "a1", "q2", "a2"]);
    expect(ids(tree.shownPath("a1b"))).toEqual(["q1", "a1b"]);
  });

  it("a first question edited starts the conversation beside the first one", () => {
    const tree = new MessageTree([node("q1", 0), node("a1", 1), node("q1b", 2, FIRST_MESSAGE), node("a1b", 3, "q1b")]);
    expect(ids(tree.shownPath(undefined))).toEqual(["q1b", "a1b"]);
    expect(tree.placeOf("q1")).toEqual({ index: 1, count: 2, ids: ["q1", "q1b"] });
  });

  it("a parent that is missing or comes later cannot make a cycle: the message follows the one before it", () => {
    const tree = new MessageTree([node("q1", 0, "a1"), node("a1", 1, "gone")]);
    expect(ids(tree.shownPath(undefined))).toEqual(["q1", "a1"]);
    expect(tree.parentOf("q1")).toBeUndefined();
  });
});
