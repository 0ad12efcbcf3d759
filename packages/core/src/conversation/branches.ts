import type { BranchPlace } from "./schema";

/**
 * A branched conversation's messages as a tree. An edited question and its first
 * version share a parent, and so do an answer and its regenerations: they are
 * siblings, of which the person sees one at a time. Messages stored before
 * branches existed (and every message of a conversation never branched) name no
 * parent: each follows the one before it by position, so they read as one line.
 */

/** The parent named by a message that starts the conversation beside another first message (an edited first question). */
export const FIRST_MESSAGE = "~first";

export interface TreeNode {
  messageId: string;
  position: number;
  parentId?: string;
}

export class MessageTree<N extends TreeNode> {
  private readonly byId = new Map<string, N>();
  private readonly parents = new Map<string, string | null>();
  private readonly children = new Map<string | null, N[]>();

  constructor(nodes: N[]) {
    const ordered = [...nodes].sort((a, b) => a.position - b.position);
    for (const node of ordered) this.byId.set(node.messageId, node);
    let previous: string | null = null;
    for (const node of ordered) {
      const named = node.parentId ? this.byId.get(node.parentId) : undefined;
      // A parent must come earlier: a dangling or later one cannot make a cycle, it falls back to the line.
      const parent = node.parentId === FIRST_MESSAGE ? null : named && named.position < node.position ? named.messageId : previous;
      this.parents.set(node.messageId, parent);
      this.children.set(parent, [...(this.children.get(parent) ?? []), node]);
      previous = node.messageId;
    }
  }

  get(messageId: string): N | undefined {
    return this.byId.get(messageId);
  }

  parentOf(messageId: string): N | undefined {
    const parent = this.parents.get(messageId);
    return parent ? this.byId.get(parent) : undefined;
  }

  /** The newest message of the subtree under `messageId` that nothing follows: where a branch chosen there ends. */
  newestLeaf(messageId: string): string {
    let current = messageId;
    for (;;) {
      const next = this.children.get(current)?.at(-1);
      if (!next) return current;
      current = next.messageId;
    }
  }

  /** The messages from the first to `leaf`, in order (empty when there is no such message). */
  pathTo(leaf: string | undefined): N[] {
    const path: N[] = [];
    for (let id: string | null | undefined = leaf; id; id = this.parents.get(id)) {
      const node = this.byId.get(id);
      if (!node) break;
      path.push(node);
    }
    return path.reverse();
  }

  /** The path shown: to the chosen leaf, or, when none was chosen (or it is gone), to the newest branch's end. */
  shownPath(selectedLeaf: string | undefined): N[] {
    if (selectedLeaf && this.byId.has(selectedLeaf)) return this.pathTo(this.newestLeaf(selectedLeaf));
    const roots = this.children.get(null) ?? [];
    const root = roots.at(-1);
    return root ? this.pathTo(this.newestLeaf(root.messageId)) : [];
  }

  /** The message's place among its siblings, or undefined when it has none. */
  placeOf(messageId: string): BranchPlace | undefined {
    const siblings = this.children.get(this.parents.get(messageId) ?? null) ?? [];
    if (siblings.length < 2) return undefined;
    const ids = siblings.map((s) => s.messageId);
    return { index: ids.indexOf(messageId) + 1, count: ids.length, ids };
  }
}
