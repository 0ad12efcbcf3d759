import { ConversationSearch } from "@quorum/core/conversation/search";
import { SearchQuery } from "@quorum/core/search/schema";
import { route } from "../http/route";

/** GET /api/search?q=: the caller's conversations and messages that hold the words, best first. */
export const search = route({ query: SearchQuery }, async ({ query }) => ConversationSearch.find(query));
