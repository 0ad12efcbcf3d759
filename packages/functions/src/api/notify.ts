import { z } from "zod";
import { VisibleError } from "@quorum/core/error";
import { InApp } from "@quorum/core/notify/inbox";
import { Notify } from "@quorum/core/notify/index";
import type { Language } from "@quorum/core/notify/language";
import { UNSUBSCRIBE_PAGE_CSP, unsubscribePage, type UnsubscribeOutcome } from "@quorum/core/notify/page";
import { Push } from "@quorum/core/notify/push";
import { Unsubscribe } from "@quorum/core/notify/unsubscribe";
import { LANGUAGES } from "@quorum/core/settings/schema";
import { reply, route } from "../http/route";

const TokenQuery = z.object({ token: z.string().max(1000).optional() });

/** The browser's preferred language among ours, for a link whose token could not be read. */
function acceptedLanguage(header: string | undefined): Language {
  const tags = (header ?? "").split(",").map((part) => part.split(";")[0]!.trim().slice(0, 2).toLowerCase());
  return tags.find((tag): tag is Language => (LANGUAGES as readonly string[]).includes(tag)) ?? "en";
}

type Page = "confirm" | "done";

/**
 * The unsubscribe link in every notification mail, without signing in: the
 * signed token says whose email switch it is. Opening it (GET) asks; the page's
 * button or a mail client's one-click POST (RFC 8058) turns the switch off.
 * Answers a small page in the user's language.
 */
function unsubscribeRoute(page: Page) {
  return route({ auth: false, query: TokenQuery }, async ({ query, event }) => {
    const token = query.token ?? "";
    const links = {
      settings: `${Notify.siteUrl()}/settings`,
      confirm: `${Notify.siteUrl()}/api/notify/unsubscribe?token=${encodeURIComponent(token)}`,
    };
    const html = (status: number, language: Language, outcome: UnsubscribeOutcome) =>
      reply(status, unsubscribePage(language, outcome, links), {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": UNSUBSCRIBE_PAGE_CSP,
      });
    try {
      const { language } = page === "done" ? await Unsubscribe.apply(token) : await Unsubscribe.check(token);
      return html(200, language, page);
    } catch (error) {
      if (!(error instanceof VisibleError)) throw error;
      return html(error.status, acceptedLanguage(event.headers?.["accept-language"]), "invalid");
    }
  });
}

export const confirmUnsubscribe = unsubscribeRoute("confirm");
export const unsubscribe = unsubscribeRoute("done");

/** In-app notifications newer than `since`, for the toasts; the answer's `now` is the next `since`. */
export const inApp = route({ query: InApp.SinceQuery }, async ({ query }) => InApp.since(query.since));

export const pushKey = route({}, async () => ({ publicKey: Push.publicKey() }));

export const pushSubscribe = route({ body: Push.SubscriptionInput }, async ({ body }) => Push.subscribe(body));

export const pushUnsubscribe = route({ body: Push.EndpointInput }, async ({ body }) => Push.unsubscribe(body.endpoint));
