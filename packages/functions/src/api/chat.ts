import { Ai } from "@quorum/core/ai/index";
import { Chat } from "@quorum/core/chat/index";
import { ChatUpload } from "@quorum/core/chat/uploads";
import { Quota } from "@quorum/core/quota/index";
import { reply, route } from "../http/route";

/**
 * POST /api/chat: `{ response, model, ... }`. Every question to the chat's
 * models passes through here: it counts against the plan's daily questions
 * (a body that does not parse never counts; an answer that failed is given back).
 */
export const send = route({ body: Chat.Input }, async ({ body }) => Quota.question(() => Chat.respond(body), Chat.modelFailed));

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
