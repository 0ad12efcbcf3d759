import { clip, rank, tokenize } from "../ai/lexical";
import type { Hit } from "../search/engine";
import { excerpt, reflow } from "../search/excerpt";
import { toCitation } from "./citations";
import type { Citation } from "./schema";

/**
 * The project chat without a language model: it cannot reason or write, so it
 * says so, then quotes the passages retrieval ranked best, each with its numbered
 * citation (document and page), and the project facts that share words with the
 * question. Its output is always labelled.
 */

const LABEL = "**Offline model**";
/** Passages quoted: enough to hold the answer, few enough to read. */
export const OFFLINE_QUOTES = 3;
const QUOTE_CHARS = 600;
const FACTS = 3;
const FACT_CHARS = 240;
/** Shorter than the general chat's hint: the project chat repeats it under every answer. */
export const PROJECT_CONFIGURE_HINT = "To get written answers instead of quotes, configure a model (see `.env.example`).";
const SNIPPET_CHARS = 280;

export function offlineNotice(scope: string, why?: string): string {
  const lead = why
    ? `${why}, so Quorum's built-in offline model is answering instead.`
    : "No AI model is configured on this server, so Quorum's built-in offline model is answering.";
  return `${lead} It cannot reason or write an answer; it can only quote the passages of ${scope} that best match your question.`;
}

export interface OfflineInput {
  question: string;
  /** Retrieval's hits, best first. */
  hits: Hit[];
  facts: string[];
  /** "this project's documents and records", "your projects' documents and records". */
  scope: string;
  /** Why no model answered (absent: none is configured). */
  why?: string;
  /** How many documents were searched, to say so when nothing matched. */
  documentCount: number;
  projectNames?: Map<number, string>;
}

export function offlineProjectAnswer(input: OfflineInput): { response: string; citations: Citation[] } {
  const blocks = [`${LABEL} — ${offlineNotice(input.scope, input.why)}`];
  const hasTerms = tokenize(input.question).length > 0;
  const quoted = input.hits.filter((h) => h.score > 0).slice(0, OFFLINE_QUOTES);
  const citations: Citation[] = [];

  if (quoted.length) {
    blocks.push("The passages that best match your question:");
    quoted.forEach((hit, i) => {
      const projectName = input.projectNames?.get(hit.projectId);
      const text = reflow(excerpt(hit.text, input.question, QUOTE_CHARS));
      const citation = toCitation(hit, i + 1, reflow(excerpt(hit.text, input.question, SNIPPET_CHARS)), projectName);
      citations.push(citation);
      const where = `${projectName ? `${projectName}: ` : ""}"${hit.fileName}", page ${hit.page}`;
      blocks.push(`**[${i + 1}]** ${where}\n${blockquote(text)}`);
    });
  } else if (input.documentCount === 0) {
    blocks.push("There are no processed documents to search yet.");
  } else {
    blocks.push(
      hasTerms
        ? `No passage of the ${input.documentCount} document${input.documentCount === 1 ? "" : "s"} searched matches your question.`
        : "Ask with a few words that the documents would use, and the matching passages will be quoted here.",
    );
  }

  const facts = rank(input.question, input.facts, (f) => f)
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, FACTS)
    .map((s) => s.item);
  if (facts.length) blocks.push(`From the records:\n${facts.map((f) => `- ${clip(f, FACT_CHARS)}`).join("\n")}`);

  blocks.push(PROJECT_CONFIGURE_HINT);
  return { response: blocks.join("\n\n"), citations };
}

function blockquote(text: string) {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}
