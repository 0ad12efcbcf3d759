import { AllProjectsChat, ProjectChat } from "@quorum/core/project-chat/index";
import { Quota } from "@quorum/core/quota/index";
import { NumericId, route } from "../http/route";

/**
 * POST /api/projects/{id}/chat: `{ response, citations, ... }`, the answer from the
 * project's records and documents. A question to a model counts against the plan's
 * daily limit, so the quota is consumed first.
 */
export const send = route({ path: NumericId, body: ProjectChat.Input }, async ({ path, body }) => {
  await Quota.consumeQuestion();
  return ProjectChat.send(path.id, body);
});

/** GET /api/projects/{id}/conversation: `{ messages: [{ id, type, content, timestamp, citations? }] }`. */
export const conversation = route({ path: NumericId }, async ({ path }) => ProjectChat.conversation(path.id));

/** POST /api/projects-chat: the same across all the caller's projects ('All Projects Chat'). */
export const sendAll = route({ body: AllProjectsChat.Input }, async ({ body }) => {
  await Quota.consumeQuestion();
  return AllProjectsChat.send(body);
});
