/** The chat feature's public face: what other features (the projects chat) can reuse. */
export { OlderMessages, useThreadScroll, type OlderPages } from "./older-pages";
export { fetchConversation, pageQuery } from "./queries";
