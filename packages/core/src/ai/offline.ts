import { Actor } from "../actor";
import { clip, passages, rank, sentences, similarity, tokenize, type Passage } from "./lexical";
import { ModelFailure } from "./failure";
import { OFFLINE, OFFLINE_SERVICE, type Generation, type Message, type Model } from "./types";

/**
 * The built-in offline model: what answers when no real model is configured (the
 * local default) or when every configured one failed. It cannot reason or write;
 * it says so, then quotes the passages of the attachments and of the conversation
 * that share the most words with the question. Its output is always labelled.
 */

export const CONFIGURE_HINT =
  "To get real answers, configure a model (see `.env.example`): `OPENAI_API_KEY` for GPT, `GEMINI_API_KEY` for Gemini, " +
  "`GROK_API_KEY` for Grok, `DEEPSEEK_API_KEY` for DeepSeek, `BEDROCK_ENABLED=true` for Claude on Amazon Bedrock, " +
  "or `OPENAI_BASE_URL` for a local OpenAI-compatible server such as Ollama.";

export const NOT_CONFIGURED_NOTICE =
  "No AI model is configured on this server, so Quorum's built-in offline model is answering. " +
  "It cannot reason or write an answer; it can only find and quote what is relevant in your message, this conversation and your attachments.";

const LABEL = "**Offline model**";
const QUOTES = 3;
const QUOTE_CHARS = 600;

export const offlineModel: Model = {
  choice: OFFLINE,
  service: OFFLINE_SERVICE,
  id: OFFLINE,
  provider: "offline",
  vision: false,
  async generate(messages, options): Promise<Generation> {
    const started = Date.now();
    const text = offlineAnswer(messages, options.notice ?? NOT_CONFIGURED_NOTICE);
    if (options.onText) await typeOut(text, options.onText, options.signal);
    return {
      text,
      usage: { inputTokens: 0, outputTokens: 0 },
      latencyMs: Date.now() - started,
      model: OFFLINE,
      provider: "offline",
    };
  },
  async generateObject() {
    throw new ModelFailure("unsupported", "cannot produce structured data (it is not a language model)");
  },
};

/** Words the offline model hands over at a time when it streams, and the pause between them. */
export const OFFLINE_STREAM_WORDS = 4;
export const OFFLINE_STREAM_PAUSE_MS = 30;

/**
 * A user's own typing pace, set by the local stack's test control (never in a deployed stage): a
 * test that must act while an answer is being written holds it ("hold": nothing more after the
 * first words until the pace changes) or slows it down, instead of racing the default pace.
 */
const paces = new Map<string, number | "hold">();

export function setOfflinePace(userId: string, pace: number | "hold" | null) {
  if (pace === null) paces.delete(userId);
  else paces.set(userId, pace);
}

const paceOf = (userId: string | undefined) => (userId ? paces.get(userId) : undefined) ?? OFFLINE_STREAM_PAUSE_MS;

/** Waits out the pause before the next piece; a held or slowed pace is looked at again as it goes, so a change applies at once. */
async function pause(userId: string | undefined, signal?: AbortSignal) {
  const started = Date.now();
  for (;;) {
    const pace = paceOf(userId);
    const left = pace === "hold" ? Infinity : started + pace - Date.now();
    if (left <= 0 || signal?.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, paces.has(userId ?? "") ? Math.min(left, 50) : left));
  }
}

/**
 * Hands `text` over a few words at a time, as a model writes: without keys the
 * answer appears the same way as with a real model. Stops when `signal` aborts
 * (the text written so far stays with the caller).
 */
export async function typeOut(text: string, onText: (delta: string) => void, signal?: AbortSignal) {
  const pieces = text.match(new RegExp(`(?:\\S+\\s*){1,${OFFLINE_STREAM_WORDS}}|\\s+`, "g")) ?? [];
  const userId = Actor.maybe()?.userId;
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) await pause(userId, signal);
    if (signal?.aborted) throw signal.reason ?? new ModelFailure("timeout", "was stopped before it answered");
    onText(piece);
  }
}

export function offlineAnswer(messages: Message[], notice: string): string {
  const last = messages[messages.length - 1];
  const current = last?.role === "user" ? last : undefined;
  const question = current?.content ?? "";
  const history = current ? messages.slice(0, -1) : messages;
  const blocks: string[] = [`${LABEL} — ${notice}`];

  const documents = current?.documents ?? [];
  if (documents.length) {
    blocks.push(
      documents
        .map((d) => {
          const words = d.pages.reduce((sum, p) => sum + (p.text.match(/\S+/g)?.length ?? 0), 0);
          return `- "${d.name}": ${d.pages.length} page${d.pages.length === 1 ? "" : "s"}, ${words.toLocaleString("en-US")} words of text`;
        })
        .join("\n"),
    );
    const all = documents.flatMap((d) => passages(d.name, d.pages));
    const relevant = rank(question, all, (p) => p.text)
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, QUOTES)
      .map((s) => s.item);
    if (relevant.length) {
      blocks.push(`The passages that share the most words with your question:`);
      blocks.push(...relevant.map(quote));
    } else {
      const openings = documents
        .map((d) => all.find((p) => p.source === d.name))
        .filter((p): p is Passage => !!p)
        .slice(0, QUOTES);
      if (openings.length) {
        blocks.push(
          tokenize(question).length
            ? "No passage shares words with your question; here is how each document begins:"
            : "Here is how each document begins:",
        );
        blocks.push(...openings.map(quote));
      } else {
        blocks.push("No text could be found in the attached documents.");
      }
    }
  }

  const earlier = rank(
    question,
    history.filter((m) => m.content.trim() && m.content.trim() !== question.trim()),
    (m) => m.content,
  )
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)[0];
  if (earlier) {
    const who = earlier.item.role === "user" ? "you wrote" : "the assistant answered";
    blocks.push(`Earlier in this conversation ${who}:\n${blockquote(clip(earlier.item.content, 400))}`);
  }

  const images = current?.images ?? [];
  if (images.length) {
    blocks.push(
      `Image${images.length === 1 ? "" : "s"} attached: ${images.map((i) => i.name).join(", ")}. The offline model cannot look at images.`,
    );
  }
  for (const file of current?.unreadable ?? []) blocks.push(`The attachment "${file.name}" could not be read: ${file.reason}.`);

  if (!documents.length && !earlier && !images.length) {
    blocks.push(
      "Nothing in this conversation matches your question, and without a configured model there is nothing more the offline model can say.",
    );
  }
  blocks.push(CONFIGURE_HINT);
  return blocks.join("\n\n");
}

function quote(p: Passage) {
  return `From "${p.source}"${p.page !== undefined ? `, page ${p.page}` : ""}:\n${blockquote(clip(p.text, QUOTE_CHARS))}`;
}

function blockquote(text: string) {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}

export interface OfflineSynthesisInput {
  service: string;
  text: string;
}

const SAME_POINT = 0.5;

/**
 * Research mode's synthesis without a language model: the answers are compared
 * sentence by sentence; what several answers say is stated once, what only one
 * says is listed under its model.
 */
export function offlineSynthesis(responses: OfflineSynthesisInput[]): string {
  const intro = `${LABEL} — research mode without a language model: `;
  if (responses.length === 1) {
    const only = responses[0]!;
    return `${intro}only one answer was available (${only.service}), so there was nothing to compare it with. It is shown as it is.\n\n${only.text}`;
  }
  const clusters: { text: string; services: Set<string> }[] = [];
  for (const response of responses) {
    for (const sentence of sentences(response.text)) {
      const match = clusters.find((c) => similarity(c.text, sentence) >= SAME_POINT);
      if (match) match.services.add(response.service);
      else clusters.push({ text: sentence, services: new Set([response.service]) });
    }
  }
  const shared = clusters.filter((c) => c.services.size > 1);
  const blocks = [
    `${intro}the ${responses.length} answers were compared sentence by sentence. What more than one answer says is stated once; what only one answer says is listed under it.`,
  ];
  blocks.push(
    shared.length
      ? `**Where the answers agree**\n${shared.map((c) => `- ${c.text} (${[...c.services].join(", ")})`).join("\n")}`
      : "**Where the answers agree**\nNo statement appears in more than one answer.",
  );
  for (const response of responses) {
    const own = clusters.filter((c) => c.services.size === 1 && c.services.has(response.service)).slice(0, 5);
    if (own.length) blocks.push(`**Only in ${response.service}'s answer**\n${own.map((c) => `- ${c.text}`).join("\n")}`);
  }
  blocks.push(CONFIGURE_HINT);
  return blocks.join("\n\n");
}

const FILLERS =
  /^(?:(?:hi|hello|hey)[,!.\s]+)?(?:please\s+|kindly\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need|would like)\s+(?:you\s+)?to\s+|help\s+me\s+(?:to\s+)?)?/i;

/** A short title from the first message, made without a model. */
export function offlineTitle(message: string): string {
  const firstLine = message
    .replace(/[`*_#>]/g, " ")
    .split(/\n/)
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!firstLine) return "";
  const firstSentence = firstLine.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? firstLine;
  let title = firstSentence.replace(FILLERS, "").replace(/\s+/g, " ").trim();
  if (title.length > 50) {
    const cut = title.slice(0, 50);
    const space = cut.lastIndexOf(" ");
    title = space > 20 ? cut.slice(0, space) : cut;
  }
  title = title.replace(/(?<![\s,;:.!?-])[\s,;:.!?-]+$/, ""); // starts at the run's first character only: linear;
  title = title.charAt(0).toUpperCase() + title.slice(1);
  return title === "New Conversation" ? "" : title;
}
