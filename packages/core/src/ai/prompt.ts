import { passages, rank, type Passage } from "./lexical";
import type { DocumentText, Message } from "./types";

/**
 * How much extracted document text goes to a model with one question (~15k tokens).
 * A 500-page PDF does not fit a prompt, and a huge prompt alone can take longer
 * than the gateway waits; above this the most relevant passages are chosen.
 */
export const DOCUMENT_BUDGET_CHARS = 60_000;

export const SYSTEM_PROMPT =
  "You are a careful assistant for professionals. Answer accurately and to the point, in Markdown. " +
  "When documents are attached, base the answer on them and say which document (and page) a fact comes from; " +
  "if they do not contain the answer, say so. Say plainly when you are unsure.";

/** The text a model receives for one user turn: the message, then its attachments. */
export function renderUserText(message: Message, vision: boolean, budget = DOCUMENT_BUDGET_CHARS): string {
  const parts = [message.content];
  if (message.documents?.length) parts.push(renderDocuments(message.documents, message.content, budget));
  if (message.images?.length && !vision) {
    const names = message.images.map((i) => i.name).join(", ");
    parts.push(`(Images attached that you cannot see: ${names}.)`);
  }
  for (const file of message.unreadable ?? []) parts.push(`(The attachment "${file.name}" could not be read: ${file.reason}.)`);
  return parts.filter(Boolean).join("\n\n");
}

export function renderDocuments(documents: DocumentText[], question: string, budget = DOCUMENT_BUDGET_CHARS): string {
  const total = documents.reduce((sum, d) => sum + d.pages.reduce((s, p) => s + p.text.length, 0), 0);
  if (total <= budget) {
    return documents
      .map((d) => {
        const body = d.pages
          .filter((p) => p.text.trim())
          .map((p) => (d.pages.length > 1 ? `--- page ${p.page} ---\n${p.text.trim()}` : p.text.trim()))
          .join("\n");
        return `Attached document "${d.name}"${d.pages.length > 1 ? ` (${d.pages.length} pages)` : ""}:\n${body || "(no text found)"}`;
      })
      .join("\n\n");
  }
  const chosen = choosePassages(documents, question, budget);
  const intro = `(The attached documents hold ${total.toLocaleString("en-US")} characters of text, more than fits here; these are the passages most relevant to the question.)`;
  const bySource = new Map<string, Passage[]>();
  for (const p of chosen) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p]);
  const blocks = documents.map((d) => {
    const picked = (bySource.get(d.name) ?? []).sort((a, b) => a.index - b.index);
    if (picked.length === 0) return `Attached document "${d.name}": (no passage selected)`;
    // The same page markers as the full text, so a model cites pages the same way either way.
    const body = picked.map((p) => `${p.page !== undefined ? `--- page ${p.page} ---\n` : ""}${p.text}`).join("\n[...]\n");
    return `Attached document "${d.name}" (excerpts):\n${body}`;
  });
  return [intro, ...blocks].join("\n\n");
}

/** The best passages by BM25 until the budget is used; the opening passage of each document always counts. */
export function choosePassages(documents: DocumentText[], question: string, budget: number): Passage[] {
  const all = documents.flatMap((d) => passages(d.name, d.pages));
  const openings = new Set(documents.map((d) => all.find((p) => p.source === d.name)).filter((p): p is Passage => !!p));
  const scored = rank(question, all, (p) => p.text).sort((a, b) => b.score - a.score || a.item.index - b.item.index);
  const chosen: Passage[] = [];
  let used = 0;
  for (const p of openings) {
    if (used + p.text.length > budget) break;
    chosen.push(p);
    used += p.text.length;
  }
  for (const { item } of scored) {
    if (openings.has(item)) continue;
    if (used + item.text.length > budget) continue;
    chosen.push(item);
    used += item.text.length;
  }
  return chosen;
}
