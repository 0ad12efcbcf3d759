import { Actor } from "../actor";
import { config } from "../config";
import { DocumentEntity } from "../document/entity";
import { ProjectEntity } from "../project/entity";
import { Settings } from "../settings/index";
import { User } from "../user/index";
import { composeMail, type MailContent } from "./email";
import { InApp } from "./inbox";
import type { Language } from "./language";
import { LONG_ANSWER_SECONDS } from "./limits";
import { Mailer } from "./mailer";
import { fill } from "./messages";
import { Push } from "./push";
import { Unsubscribe } from "./unsubscribe";

/** Who a notification goes to, with their switches and language. */
export interface Recipient {
  userId: string;
  email: string;
  name?: string;
  settings: Settings.Info;
  language: Language;
  /** The stored `email_verified` of the account's last sign-in sync (see `addressVerified`). */
  emailVerified: boolean;
}

/**
 * One place for everything the product tells a user on its own: mail (SES in
 * AWS, the local mail catcher in `npm run dev`), Web Push, and in-app toasts.
 * Each respects the user's switch for its channel. A notification never fails
 * the work it reports on: a channel's failure is logged and the rest go on.
 */
export namespace Notify {
  /** The site's address for links in mails and pushes. */
  export function siteUrl(): string {
    const c = config();
    const url = c.APP_URL ?? c.SITE_URL ?? c.GATEWAY_URL;
    if (!url) throw new Error("SITE_URL is not set: mails cannot link to the site");
    return url.replace(/(?<!\/)\/+$/, ""); // starts at the first trailing slash only: linear;
  }

  export function unsubscribeUrl(userId: string) {
    return `${siteUrl()}/api/notify/unsubscribe?token=${encodeURIComponent(Unsubscribe.token(userId))}`;
  }

  export async function recipient(userId: string): Promise<Recipient | undefined> {
    const user = await User.find(userId);
    if (!user) return undefined;
    const settings = await Actor.provide({ userId }, () => Settings.get(userId));
    const name = user.firstName || user.displayName || user.email.split("@")[0];
    return {
      userId,
      email: user.email,
      name,
      settings,
      language: settings.preferences.language,
      emailVerified: user.emailVerified === true,
    };
  }

  /**
   * Product mail goes only to an address its owner confirmed: anyone can sign up with someone
   * else's address. Within the user's own request the verified caller's `emailVerified` decides
   * (the ID token's `email_verified`, or the account's record where Auth looks it up: current even
   * right after they opened the link); outside one (the pipeline, billing webhooks) the flag the
   * sign-in sync stored from it does. Both come from the identity provider as the API verified
   * it, never from request data, so this holds in AWS as it does locally.
   */
  export function addressVerified(to: Recipient): boolean {
    const actor = Actor.maybe();
    if (actor?.userId === to.userId && actor.emailVerified !== undefined) return actor.emailVerified;
    return to.emailVerified;
  }

  /** Runs each channel on its own: one failing (SES down, a push service refusing) leaves the others. */
  export async function deliver(what: string, channels: (false | undefined | (() => Promise<unknown>))[]) {
    const results = await Promise.allSettled(channels.filter((c): c is () => Promise<unknown> => !!c).map((c) => c()));
    for (const r of results) if (r.status === "rejected") console.error(`[notify] ${what}:`, r.reason);
  }

  /** The mail as a channel for `deliver`; none for an address that is not verified. */
  export function mailTo(to: Recipient, content: Omit<MailContent, "language" | "to" | "name" | "unsubscribeUrl">) {
    if (!addressVerified(to)) return false;
    return () =>
      Mailer.send(
        composeMail({ ...content, language: to.language, to: to.email, name: to.name, unsubscribeUrl: unsubscribeUrl(to.userId) }),
      );
  }

  async function documentOf(documentId: number) {
    const document = (await DocumentEntity.get({ id: documentId }).go()).data;
    if (!document) return undefined;
    const project = (await ProjectEntity.get({ id: document.projectId }).go()).data;
    return { document, projectName: project?.name ?? `#${document.projectId}` };
  }

  /** The pipeline finished a document (`failed` with its reason, or ready). */
  export async function documentProcessed(documentId: number) {
    try {
      const found = await documentOf(documentId);
      if (!found) return;
      const { document, projectName } = found;
      const to = await recipient(document.userId);
      if (!to) return;
      const failed = document.processingStatus === "failed";
      const values = { document: document.fileName, project: projectName, reason: document.failureReason ?? "" };
      const projectUrl = `${siteUrl()}/projects/${document.projectId}`;
      await deliver(`document ${documentId}`, [
        to.settings.notifications.email &&
          mailTo(to, {
            subject: failed ? "documentFailedSubject" : "documentReadySubject",
            paragraphs: [failed ? "documentFailedBody" : "documentReadyBody"],
            values,
            action: { label: failed ? "documentFailedAction" : "documentReadyAction", url: projectUrl },
          }),
        to.settings.notifications.chat &&
          (() =>
            InApp.record(to.userId, {
              kind: failed ? "document-failed" : "document-ready",
              projectId: document.projectId,
              documentId,
              documentName: document.fileName,
            })),
        to.settings.notifications.push &&
          !failed &&
          (() =>
            Push.send(to.userId, {
              title: fill(to.language, "pushDocumentReadyTitle"),
              body: fill(to.language, "pushDocumentReadyBody", values),
              url: projectUrl,
              tag: `document-${documentId}`,
            })),
      ]);
    } catch (error) {
      console.error(`[notify] document ${documentId}:`, error);
    }
  }

  /** A payment of the user's subscription went through, or did not. `amount` is in the currency's smallest unit. */
  export async function payment(userId: string, outcome: "succeeded" | "failed", amount: number, currency: string) {
    try {
      const to = await recipient(userId);
      if (!to || !to.settings.notifications.email) return;
      const formatted = new Intl.NumberFormat(to.language, { style: "currency", currency: currency.toUpperCase() }).format(
        amount / 10 ** minorDigits(currency),
      );
      await deliver(`payment of ${userId}`, [
        mailTo(to, {
          subject: outcome === "succeeded" ? "paymentSucceededSubject" : "paymentFailedSubject",
          paragraphs: [outcome === "succeeded" ? "paymentSucceededBody" : "paymentFailedBody"],
          values: { amount: formatted },
          action: { label: "paymentAction", url: `${siteUrl()}/profile` },
        }),
      ]);
    } catch (error) {
      console.error(`[notify] payment of ${userId}:`, error);
    }
  }

  /** Digits after the decimal point of a currency's amounts (Stripe counts in the smallest unit). */
  function minorDigits(currency: string) {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2
    );
  }

  /**
   * A streamed answer was stored. The app toasts it when the user is on another
   * page; a long one is also pushed to browsers where no tab of the app is visible.
   */
  export async function answerReady(input: { userId: string; conversationId: string; listType: string; title: string; startedAt: number }) {
    try {
      const settings = await Actor.provide({ userId: input.userId }, () => Settings.get(input.userId));
      const long = Date.now() - input.startedAt >= LONG_ANSWER_SECONDS * 1000;
      const language = settings.preferences.language;
      const path = input.listType === "general" ? "/chat" : "/projects";
      await deliver(`answer in ${input.conversationId}`, [
        settings.notifications.chat &&
          (() =>
            InApp.record(input.userId, {
              kind: "answer-ready",
              conversationId: input.conversationId,
              listType: input.listType,
              title: input.title.slice(0, 200),
            })),
        settings.notifications.push &&
          long &&
          (() =>
            Push.send(input.userId, {
              title: fill(language, "pushAnswerReadyTitle"),
              body: fill(language, "pushAnswerReadyBody", { conversation: input.title.slice(0, 80) }),
              url: `${siteUrl()}${path}`,
              tag: `answer-${input.conversationId}`,
            })),
      ]);
    } catch (error) {
      console.error(`[notify] answer in ${input.conversationId}:`, error);
    }
  }
}
