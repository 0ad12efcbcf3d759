import { AllProjectsChat, modelFailed, ProjectChat } from "@quorum/core/project-chat/index";
import { Quota } from "@quorum/core/quota/index";
import { NumericId, route } from "../http/route";
import { PageQuery } from "./conversations";

/**
 * POST /api/projects/{id}/chat: `{ response, citations, ... }`, the answer from the
 * project's records and documents. It counts against the plan's daily questions;
 * an answer the offline model wrote because the models failed is given back.
 */
export const send = route({ path: NumericId, body: ProjectChat.Input }, async ({ path, body }) =>
  Quota.question(() => ProjectChat.send(path.id, body), modelFailed),
);

/**
 * GET /api/projects/{id}/conversation?limit=&before=: `{ messages: [{ id, type, content, timestamp, citations? }],
 * hasMore, older }`, the latest page unless `before` (an earlier answer's `older`) asks for the one before it.
 */
export const conversation = route({ path: NumericId, query: PageQuery }, async ({ path, query }) =>
  ProjectChat.conversation(path.id, { limit: query.limit, before: query.before }),
);

/** POST /api/projects-chat: the same across all the caller's projects ('All Projects Chat'). */
export const sendAll = route({ body: AllProjectsChat.Input }, async ({ body }) =>
  Quota.question(() => AllProjectsChat.send(body), modelFailed),
);
