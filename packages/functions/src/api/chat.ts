import { Ai } from "@quorum/core/ai/index";
import { Chat } from "@quorum/core/chat/index";
import { ChatStream } from "@quorum/core/chat/live";
import { ChatUpload } from "@quorum/core/chat/uploads";
import { Quota } from "@quorum/core/quota/index";
import { reply, route } from "../http/route";
import { streamRoute } from "../http/stream";

/**
/**
 * POST /api/chat: `{ response, model, ... }`, or with `Accept: text/event-stream`
 * the answer's events as it is written (stored by the server). Every question to
 * the chat's models passes through here: it counts once against the plan's daily
 * questions before any model is asked (a body that does not parse, or a stream
 * into a conversation that is not the caller's, never counts), and an answer that
 * failed for a server or model reason is given back.
 */
export const send = streamRoute({ body: Chat.Input }, async ({ body, stream }) =>
  stream ? Quota.questionLive(await ChatStream.open(body)) : Quota.question(() => Chat.respond(body), Chat.modelFailed),
);

/** POST /api/chat/generate-title: `{ title }`, from a model or, without one, from the message itself. */
export const generateTitle = route({ body: Chat.TitleInput }, async ({ body }) => Chat.generateTitle(body));

/** GET /api/ai-status: `{ services: [{ service, status }] }`, status active, standby or offline. */
export const status = route({}, async () => Ai.status());

/**
 * POST /api/chat/attachments/upload-url { fileName, contentType, size } -> 201 { key, upload }:
 * a presigned S3 POST for an attachment too large to travel inside the chat request.
 * The question then names it as `files: [{ name, type, key }]`.
 */
export const attachmentUploadUrl = route({ body: ChatUpload.Request }, async ({ body }) => reply(201, await ChatUpload.request(body)));
