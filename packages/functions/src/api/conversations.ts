import { z } from "zod";
import { Conversation, type ListType } from "@quorum/core/conversation/index";
import { ConversationCreateInput, ConversationStopInput, ConversationUpdateInput } from "@quorum/core/conversation/schema";
import { route, UserIdQuery, ListQuery, listReply } from "../http/route";

/** Conversation ids are UUIDs; anything longer is not one of ours. */
const IdPath = z.object({ id: z.string().min(1).max(100) });
/** `?limit=&before=`: a page of messages, the latest when `before` is absent (the project chat reads the same). */
export const PageQuery = UserIdQuery.extend(Conversation.PageInput.pick({ limit: true, before: true }).shape);

/** The same API for both sidebars; the list type is kept on each record. */
function handlers(listType: ListType) {
  return {
    list: route({ query: ListQuery }, async ({ query }) => listReply("conversations", await Conversation.page(listType, query))),
    get: route({ path: IdPath, query: PageQuery }, async ({ path, query }) =>
      Conversation.get({ listType, id: path.id, limit: query.limit, before: query.before }),
    ),
    create: route({ body: ConversationCreateInput }, async ({ body }) => Conversation.create({ ...body, listType })),
    update: route({ path: IdPath, body: ConversationUpdateInput }, async ({ path, body }) =>
      Conversation.update({ listType, id: path.id, changes: body }),
    ),
    remove: route({ path: IdPath, query: UserIdQuery }, async ({ path }) => Conversation.remove({ listType, id: path.id })),
    /** POST .../{id}/stop { messageId }: the answer being written stops, keeping what it wrote. */
    stop: route({ path: IdPath, body: ConversationStopInput }, async ({ path, body }) =>
      Conversation.requestStop({ listType, id: path.id, messageId: body.messageId }),
    ),
  };
}

const general = handlers("general");
export const list = general.list;
export const get = general.get;
export const create = general.create;
export const update = general.update;
export const remove = general.remove;
export const stop = general.stop;

const projects = handlers("projects");
export const projectsList = projects.list;
export const projectsGet = projects.get;
export const projectsCreate = projects.create;
export const projectsUpdate = projects.update;
export const projectsRemove = projects.remove;
export const projectsStop = projects.stop;
