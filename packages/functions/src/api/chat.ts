import { Ai } from "@quorum/core/ai/index";
import { ChatAccess } from "@quorum/core/chat/access";
import { Chat } from "@quorum/core/chat/index";
import { modelCatalog } from "@quorum/core/chat/models";
import { ChatStream } from "@quorum/core/chat/live";
import { AttachmentUploadRequest, ChatInput, TitleInput } from "@quorum/core/chat/schema";
import { ChatUpload } from "@quorum/core/chat/uploads";
import { Quota } from "@quorum/core/quota/index";
import { reply, route } from "../http/route";
import { streamRoute } from "../http/stream";

/**
 * POST /api/chat: `{ response, model, ... }`, or with `Accept: text/event-stream`
 * the answer's events as it is written (stored by the server). Every question to
 * the chat's models passes through here: it counts once against the plan's daily
 * questions before any model is asked (a body that does not parse, or a stream
 * into a conversation that is not the caller's, never counts), and an answer that
 * failed for a server or model reason is given back. A model the caller's plan does
 * not include (as the model or the synthesizer), or a research budget past its cap,
 * is refused (403) before that: nothing is counted or stored.
 */
export const send = streamRoute({ body: ChatInput }, async ({ body, stream }) => {
  const asker = await ChatAccess.check(body.model, { budgetSeconds: body.budgetSeconds, synthesizer: body.synthesizer });
  if (stream) return Quota.questionLive(await ChatStream.open(body, undefined, asker));
  // A research answer to continue from that is not there is refused before the question counts.
  const continued = await Chat.continuationOf(body);
  return Quota.question(() => Chat.respond(body, undefined, asker, continued), Chat.modelFailed);
});

/** GET /api/models: `{ plan, models: [{ value, label, tier, allowed, requiredPlan }], custom, researchBudgetCapSeconds }` for the model selector. */
export const models = route({}, async () => modelCatalog((await ChatAccess.asker()).plan));

/** POST /api/chat/generate-title: `{ title }`, from a model or, without one, from the message itself. */
export const generateTitle = route({ body: TitleInput }, async ({ body }) => Chat.generateTitle(body, undefined, await ChatAccess.asker()));

/** GET /api/ai-status: `{ services: [{ service, status }] }`, status active, standby or offline. */
export const status = route({}, async () => Ai.status());

/**
 * POST /api/chat/attachments/upload-url { fileName, contentType, size } -> 201 { key, upload }:
 * a presigned S3 POST for an attachment too large to travel inside the chat request.
 * The question then names it as `files: [{ name, type, key }]`.
 */
export const attachmentUploadUrl = route({ body: AttachmentUploadRequest }, async ({ body }) => reply(201, await ChatUpload.request(body)));
