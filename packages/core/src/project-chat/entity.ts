import { defineEntity, timestamps } from "../db/entity";

/**
 * Where each chat's history lives: one conversation of the "projects" list per
 * project, and the one titled 'All Projects Chat' for the chat across projects.
 * A small link record (the caller, the scope) names the conversation, so finding
 * it is one GetItem, and creating it twice at once still ends with one.
 */
export const ChatLinkEntity = defineEntity({
  model: { entity: "project_chat_link", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    /** "project#<id>" or "all". */
    scope: { type: "string", required: true, readOnly: true },
    conversationId: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["scope"] },
    },
  },
});
