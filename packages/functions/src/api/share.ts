import { z } from "zod";
import { config } from "@quorum/core/config";
import { ConversationExport } from "@quorum/core/conversation/export";
import { ExportQuery, ShareToken } from "@quorum/core/conversation/schema";
import { ConversationShare } from "@quorum/core/conversation/share";
import { RateLimiter, SHARED_READS_PER_IP } from "@quorum/core/ratelimit/index";
import { file, reply, route, UserIdQuery } from "../http/route";

const IdPath = z.object({ id: z.string().min(1).max(100) });
const SharedQuery = z.object({ before: z.coerce.number({ message: "before must be a number" }).int().nonnegative().optional() });

/** GET /api/conversations/{id}/export?format=md|pdf: the caller's conversation as a file. */
export const exportConversation = route({ path: IdPath, query: ExportQuery }, async ({ path, query }) => {
  const exported = await ConversationExport.file("general", path.id, query.format);
  return file(exported.name, exported.contentType, exported.body);
});

/** POST /api/conversations/{id}/share: `{ token, url }`, the same link when it is already shared. */
export const share = route({ path: IdPath, query: UserIdQuery }, async ({ path, event }) => {
  // The link points at the site the owner shares from; a stage's configured address wins.
  const site = (config().APP_URL ?? config().SITE_URL ?? event.headers?.origin ?? "").replace(/\/+$/, "");
  return ConversationShare.create("general", path.id, site);
});

/** DELETE /api/conversations/{id}/share: the link answers 404 from now on. */
export const unshare = route({ path: IdPath, query: UserIdQuery }, async ({ path }) => ConversationShare.revoke("general", path.id));

/** GET /api/shared/{token}: the shared conversation for anyone with the link, read-only; never indexed. */
export const shared = route({ auth: false, path: ShareToken, query: SharedQuery }, async ({ path, query, sourceIp }) => {
  await RateLimiter.consume(SHARED_READS_PER_IP, sourceIp);
  return reply(200, await ConversationShare.read(path.token, query.before), { "x-robots-tag": "noindex, nofollow" });
});
