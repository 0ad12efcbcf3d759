import { z } from "zod";
import { ChatAccess } from "@quorum/core/chat/access";
import { ChatStream, type LiveAnswer } from "@quorum/core/chat/live";
import { EditInput, RegenerateInput } from "@quorum/core/chat/schema";
import { STREAM_EVENTS } from "@quorum/core/chat/stored";
import { Conversation } from "@quorum/core/conversation/index";
import { BranchSelectInput } from "@quorum/core/conversation/schema";
import { Quota } from "@quorum/core/quota/index";
import { route } from "../http/route";
import { streamRoute } from "../http/stream";

const MessagePath = z.object({ id: z.string().min(1).max(100), messageId: z.string().min(1).max(200) });
const IdPath = z.object({ id: z.string().min(1).max(100) });

/** Without `Accept: text/event-stream` the answer is written all the same, and its last event is the JSON reply. */
async function lastEvent(live: LiveAnswer) {
  let last: unknown;
  await live.run((event, data) => {
    if (event === STREAM_EVENTS.done || event === STREAM_EVENTS.error) last = data;
  });
  return last;
}

/**
 * An answer written beside an earlier version: checked (plan, model, the message is the
 * caller's and can branch) before it counts once against the plan's daily questions,
 * then streamed and stored like any chat answer, so it can be resumed too.
 */
async function answerBeside(path: z.output<typeof MessagePath>, choice: z.output<typeof RegenerateInput>, stream: boolean, edit?: string) {
  const asker = await ChatAccess.check(choice.model, { budgetSeconds: choice.budgetSeconds, synthesizer: choice.synthesizer });
  const branch = await ChatStream.openBranch({ id: path.id, messageId: path.messageId, edit }, choice, undefined, asker);
  const live = await Quota.questionLive(branch);
  return stream ? live : lastEvent(live);
}

/** POST /api/conversations/{id}/messages/{messageId}/regenerate { model }: the answer again, beside the earlier one. */
export const regenerate = streamRoute({ path: MessagePath, body: RegenerateInput }, async ({ path, body, stream }) =>
  answerBeside(path, body, stream),
);

/** POST /api/conversations/{id}/messages/{messageId}/edit { message, model }: the question in new words and its answer, beside the earlier ones. */
export const edit = streamRoute({ path: MessagePath, body: EditInput }, async ({ path, body, stream }) =>
  answerBeside(path, body, stream, body.message),
);

/** PUT /api/conversations/{id}/branch { messageId }: shows the branch holding that version (kept across reloads); answers the page shown. */
export const select = route({ path: IdPath, body: BranchSelectInput }, async ({ path, body }) =>
  Conversation.selectBranch({ listType: "general", id: path.id, messageId: body.messageId }),
);
