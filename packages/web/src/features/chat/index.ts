/** The chat feature's public face: what other features (the projects chat) can reuse. */
export { ConversationSidebar } from "./ConversationSidebar";
export { OlderMessages, useThreadScroll, type OlderPages } from "./older-pages";
export { conversationsKey, deleteConversation, fetchConversation, pageQuery, useConversations } from "./queries";
