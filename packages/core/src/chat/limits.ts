/**
 * The chat's and conversations' limits, in one browser-safe module (constants and
 * pure helpers only): the server enforces them and the web states them in words,
 * so both read the same numbers.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** One attachment, whichever way it travels; the chat reads it within the gateway's 30 s. */
export const MAX_ATTACHMENT_BYTES = 20 * MB;
/** Files on one message. */
export const MAX_ATTACHMENTS = 10;
/**
 * A synchronous Lambda invocation stops at 6 MB of request, about 4.4 MB of file after
 * base64. Files sent inside the chat request stay under this in total, leaving room for
 * the question and the history; anything more goes to S3 by presigned upload first.
 */
export const MAX_INLINE_ATTACHMENT_BYTES = 3 * MB;
/** Reading one attachment's text (in an isolated child), OCR included: the chat has ~28 s in all. */
export const ATTACHMENT_READ_TIMEOUT_MS = 12_000;
export const ATTACHMENT_OCR_SECONDS = 8;
/** Heap of that child: half the chat function's memory, so the two fit together. */
export const ATTACHMENT_READ_HEAP_MB = 512;
/** Where uploaded chat attachments wait to be read (outside `users/`, so the document pipeline never sees them). */
export const CHAT_ATTACHMENT_PREFIX = "chat-attachments/";
/** How long an attachment's presigned upload stays usable. */
export const ATTACHMENT_UPLOAD_EXPIRES_SECONDS = 15 * 60;

/** One message's text, typed or stored. */
export const MAX_MESSAGE_CHARS = 100_000;
/** Messages one conversation may hold, in either list (general or projects). */
export const MAX_CONVERSATION_MESSAGES = 20_000;

/** The spec: the last 10 messages go with each question. */
export const HISTORY_MESSAGES = 10;
/** ...and of those, only as many as fit this many tokens (newest kept, oldest dropped first). */
export const HISTORY_TOKEN_BUDGET = 8_000;

/** The web's page of messages: the latest first, older ones on scroll. */
export const MESSAGE_PAGE_SIZE = 50;
/** The largest page the API answers, and what it answers when no page size is asked for. */
export const MAX_MESSAGE_PAGE = 200;
/** A page also stops at this many bytes of messages: a Lambda response stops at 6 MB. */
export const MAX_PAGE_BYTES = 4 * MB;

/** "820 KB", "3.4 MB", "20 MB", "1 GB", "1.5 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  const [value, unit] = bytes < GB ? [bytes / MB, "MB"] : [bytes / GB, "GB"];
  return `${Math.round(value * 10) / 10} ${unit}`;
}

const count = (n: number) => n.toLocaleString("en-US");

export const attachmentTooLarge = (name: string, size: number) =>
  `"${name}" is ${formatBytes(size)}; attachments can be at most ${formatBytes(MAX_ATTACHMENT_BYTES)} each.`;
export const TOO_MANY_ATTACHMENTS = `At most ${MAX_ATTACHMENTS} files can be attached to one message.`;
export const MESSAGE_TOO_LONG = `A message can be at most ${count(MAX_MESSAGE_CHARS)} characters.`;
export const CONVERSATION_FULL = `This conversation has reached its limit of ${count(MAX_CONVERSATION_MESSAGES)} messages. Start a new chat to continue.`;
export const STALE_CONVERSATION = "This conversation was changed elsewhere. Reload it and try again.";

/** A rough count (about four characters a token in English): enough to keep a prompt within budget. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** The note under an answer whose history was cut to the budget. */
export const historyTrimmedNote = (dropped: number, considered: number) =>
  `${dropped === 1 ? "The oldest" : `The ${dropped} oldest`} of the last ${considered} messages ${dropped === 1 ? "was" : "were"} left out of what the model saw, to keep the history within ${count(HISTORY_TOKEN_BUDGET)} tokens.`;

/** Keeps the newest messages that fit the token budget, dropping the oldest first. */
export function trimToTokenBudget<T extends { content: string }>(
  messages: T[],
  budget = HISTORY_TOKEN_BUDGET,
): { kept: T[]; dropped: number } {
  let used = 0;
  let start = messages.length;
  while (start > 0) {
    const cost = estimateTokens(messages[start - 1]!.content);
    if (used + cost > budget) break;
    used += cost;
    start--;
  }
  return { kept: messages.slice(start), dropped: start };
}

/** Research mode's budget: how long the models may answer before the synthesis starts (a choice of the person asking). */
export const RESEARCH_BUDGET_CHOICES_SECONDS = [30, 60, 120, 300] as const;
export const DEFAULT_RESEARCH_BUDGET_SECONDS = 60;
export const MAX_RESEARCH_BUDGET_SECONDS = 300;
/**
 * The longest budget each plan may choose. A research answer holds a function and every model
 * for its whole budget, so the free plan gets the default (its answers stay short and cheap);
 * the paid plans get the most there is.
 */
export const RESEARCH_BUDGET_CAP_SECONDS = {
  starter: DEFAULT_RESEARCH_BUDGET_SECONDS,
  professional: MAX_RESEARCH_BUDGET_SECONDS,
  enterprise: MAX_RESEARCH_BUDGET_SECONDS,
} as const;
type BudgetPlan = keyof typeof RESEARCH_BUDGET_CAP_SECONDS;
/** The cheapest plan whose research budget reaches `seconds` (the plans are listed cheapest first). */
export const researchBudgetPlan = (seconds: number) =>
  (Object.keys(RESEARCH_BUDGET_CAP_SECONDS) as BudgetPlan[]).find((plan) => RESEARCH_BUDGET_CAP_SECONDS[plan] >= seconds) ?? "enterprise";
/** A streamed synthesis, or a streamed single answer, may take this long to write. */
export const STREAM_WRITING_SECONDS = 240;
/** How often a streaming answer checks whether Stop was pressed (possibly from another server). */
export const STOP_POLL_MS = 500;
/**
 * A streamed answer is written by the server whatever happens to the browser; an
 * answer still marked as being written after this long was cut off (the function
 * ran out of time) and is shown as interrupted.
 */
export const STREAM_ABANDONED_SECONDS = MAX_RESEARCH_BUDGET_SECONDS + STREAM_WRITING_SECONDS + 60;

/**
 * Answers one user may have being written at once, across chat, project chat and all-projects
 * chat. An answer runs up to 11 minutes and keeps running after the page is left, so without a
 * cap one account could hold hundreds of functions and starve every route.
 */
export const MAX_ANSWERS_AT_ONCE = 3;
/** What a refused question is told to wait: answers usually finish within this. */
export const ANSWER_SLOT_RETRY_SECONDS = 30;
export const TOO_MANY_ANSWERS = `You already have ${MAX_ANSWERS_AT_ONCE} answers being written. Wait for one of them to finish, then ask again.`;

/**
 * A streamed answer's events are kept while it is written, so a reader elsewhere (a reload,
 * another browser) can replay them and follow the rest. The writer stores what came in at most
 * this often, and a reader looks for more this often: together well under a second behind.
 */
export const JOURNAL_FLUSH_MS = 200;
export const RESUME_POLL_MS = 250;
/** One stored batch of events stays well under DynamoDB's 400 KB item. */
export const JOURNAL_CHUNK_BYTES = 100_000;
/** How long an answer's events are kept after they were written (the finished message stays in the conversation). */
export const JOURNAL_KEEP_SECONDS = 24 * 60 * 60;
