/** The chat feature's public face: what other features (the projects chat) can reuse. */
export { ConfirmDialog } from "./ConfirmDialog";
export { ConversationSidebar, type ConversationSidebarProps } from "./ConversationSidebar";
export { Markdown } from "./Markdown";
export { MessageBubble } from "./MessageBubble";
export { StatusFooter } from "./StatusFooter";
export type { ChatMessage, ConversationSummary, ListType } from "./model";
export { OlderMessages, useThreadScroll, type OlderPages } from "./older-pages";
export { conversationsKey, deleteConversation, fetchConversation, pageQuery, useConversations } from "./queries";
