import { AllProjectsChat, modelFailed, ProjectChat } from "@quorum/core/project-chat/index";
import { AllProjectsChatInput, ProjectChatInput } from "@quorum/core/project-chat/schema";
import { Quota } from "@quorum/core/quota/index";
import { NumericId, route } from "../http/route";
import { streamRoute } from "../http/stream";
import { PageQuery } from "./conversations";

/**
 * POST /api/projects/{id}/chat: `{ response, citations, ... }`, the answer from the
 * project's records and documents, or with `Accept: text/event-stream` its events as
 * it is written (stored by the server). A question to a model counts once against
 * the plan's daily limit, after the request is checked and before any model is asked;
 * an answer that failed for a server or model reason is given back.
 */
export const send = streamRoute({ path: NumericId, body: ProjectChatInput }, async ({ path, body, stream }) =>
  stream ? Quota.questionLive(await ProjectChat.open(path.id, body)) : Quota.question(() => ProjectChat.send(path.id, body), modelFailed),
);

/**
 * GET /api/projects/{id}/conversation?limit=&before=: `{ messages: [{ id, type, content, timestamp, citations? }],
 * hasMore, older }`, the latest page unless `before` (an earlier answer's `older`) asks for the one before it.
 */
export const conversation = route({ path: NumericId, query: PageQuery }, async ({ path, query }) =>
  ProjectChat.conversation(path.id, { limit: query.limit, before: query.before }),
);

/** POST /api/projects-chat: the same across all the caller's projects ('All Projects Chat'), streamed when asked. */
export const sendAll = streamRoute({ body: AllProjectsChatInput }, async ({ body, stream }) =>
  stream ? Quota.questionLive(await AllProjectsChat.open(body)) : Quota.question(() => AllProjectsChat.send(body), modelFailed),
);
