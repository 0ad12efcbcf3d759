import type { z } from "zod";
import {
  ContactCreateInput,
  ContactList,
  ContactPrimaryInput,
  ContactRemoved,
  ContactReply,
  ContactUpdateInput,
} from "@quorum/core/contact/schema";
import { CustomerCreateInput, CustomerList, CustomerRemoved, CustomerReply, CustomerUpdateInput } from "@quorum/core/customer/schema";
import {
  DocumentList,
  DocumentMatches,
  DocumentMoveInput,
  DocumentRemoved,
  DocumentReply,
  DocumentUploadRequest,
  DocumentUploadTicket,
  DocumentView,
  PageText,
} from "@quorum/core/document/schema";
import { CorrectionInput, ForgetInput, LessonForgotten, QuoteList, QuoteReply } from "@quorum/core/quote/schema";
import { SavedLevelingInput, SavedLevelingReply } from "@quorum/core/quote/leveling";
import { AllProjectsChatInput, ChatPage, ChatReply, ProjectChatInput } from "@quorum/core/project-chat/schema";
import { SalesReceipt, SalesRequestInput, SupportInput, SupportReceipt } from "@quorum/core/support/schema";
import {
  LinkedOpportunity,
  LinkOpportunityInput,
  OpportunityList,
  OpportunitySearch,
  PulledAccount,
  PushedTotal,
  PushTotalInput,
  SalesforceCallbackInput,
  SalesforceConnect,
  SalesforceDisconnected,
  SalesforceStatus,
} from "@quorum/core/crm/schema";
import {
  BillingHistory,
  LogoConfirmInput,
  LogoUploadRequest,
  LogoUploadTicket,
  ProfileRecord,
  ProfileUpdateInput,
  UploadedLogo,
} from "@quorum/core/user/schema";
import { HealthReport } from "@quorum/core/health/schema";
import { InAppNotificationList, PushEndpointInput, PushKey, PushState, PushSubscriptionInput } from "@quorum/core/notify/schema";
import { AccountCheck, CheckAccountInput, LoginInput, LoginReply, RegisterInput, RegisterReply } from "@quorum/core/auth/schema";
import {
  AdvanceClockInput,
  CreatePaymentIntentInput,
  PaymentSetup,
  PortalSession,
  ReplaceCardInput,
  SubscriptionReply,
  TestBillingDone,
  TestClock,
  TestPaymentConfirmed,
  TestPaymentInput,
  TestPortal,
  UpdateSubscriptionInput,
  UpdateSubscriptionReply,
  Usage,
} from "@quorum/core/billing/schema";
import { SettingsInput, SettingsRecord } from "@quorum/core/settings/schema";
import { AiStatusReply } from "@quorum/core/ai/schema";
import {
  AttachmentUploadRequest,
  AttachmentUploadTicket,
  ChatAnswer,
  ChatInput,
  EditInput,
  RegenerateInput,
  ModelCatalog,
  StreamEnd,
  TitleInput,
  TitleReply,
} from "@quorum/core/chat/schema";
import {
  ConversationCreateInput,
  ConversationList,
  ConversationPage,
  ConversationRemoved,
  ConversationStopInput,
  BranchSelectInput,
  ConversationStopping,
  ConversationSummary,
  ConversationUpdateInput,
  ShareReply,
  SharedConversation,
  ShareRevoked,
} from "@quorum/core/conversation/schema";
import { AnalyticsReport } from "@quorum/core/usage/schema";
import { SearchReply } from "@quorum/core/search/schema";
import { ProjectCreateInput, ProjectList, ProjectReply, ProjectUpdateInput, ProjectWithLinks } from "@quorum/core/project/schema";

/**
 * THE route table: every endpoint once. infra/api.ts makes one API Gateway route
 * and one Lambda per entry; the local gateway dispatches by the same table.
 *
 * `handler` is "<module under src/>.<export>". `access` lists what the function
 * may touch in the cloud (least privilege, infra/policy.ts): "table" and "bucket"
 * read and write, their ":read" forms only read; "ratelimit" and "support-requests"
 * write those items alone; "stripe" and "models" link those keys; "mail" sends
 * through SES (and links the unsubscribe-link key), "push" links the Web Push keys.
 * `input` and `output` are the request and answer bodies as core's schemas: this file is the whole API.
 */
export type Access =
  | "table"
  | "table:read"
  | "ratelimit"
  | "support-requests"
  | "bucket"
  | "bucket:read"
  | "bedrock"
  | "textract"
  | "pipeline"
  | "stripe"
  | "models"
  // Chat attachments uploaded to S3 first: signing their upload, then reading and deleting them (that prefix only).
  | "attachments:upload"
  | "attachments:read"
  | "mail"
  // Reads the unsubscribe links' key (no SES).
  | "unsubscribe"
  | "push"
  // Links the Salesforce connected app's keys and the token key (calls go to Salesforce over the internet).
  | "salesforce";

/** A route's contract: core's browser-safe schemas, which the handler validates with and the web types with. */
export interface RouteEntry {
  handler: string;
  /** The JSON body the route takes (path and query parameters are in the path and the handler). */
  input?: z.ZodType;
  /** The JSON body of its success answer. */
  output?: z.ZodType;
  access?: Access[];
  /** Seconds; API Gateway stops waiting at 30, a streamed answer may take up to Lambda's 900. */
  timeout?: number;
  /**
   * The answer can stream (server-sent events when asked for): Lambda response
   * streaming behind the site's CloudFront instead of the HTTP API, which buffers.
   */
  stream?: true;
  memory?: number;
}

/** A streamed answer's function: the longest research budget, the writing, and the reading of attachments. */
export const STREAM_TIMEOUT_SECONDS = 660;

export const routes = {
  // 503 with the same body when a dependency is down.
  "GET /api/health": { handler: "api/health.get", output: HealthReport, access: ["table:read", "bucket:read"] },

  "POST /api/auth/login": { handler: "api/auth.login", input: LoginInput, output: LoginReply, access: ["table"] },
  "POST /api/auth/check-account": {
    handler: "api/auth.checkAccount",
    input: CheckAccountInput,
    output: AccountCheck,
    access: ["table:read", "ratelimit"],
  },
  "POST /api/auth/register": { handler: "api/auth.register", input: RegisterInput, output: RegisterReply, access: ["table"] },
  "POST /api/update-subscription": {
    handler: "api/billing.updateSubscription",
    input: UpdateSubscriptionInput,
    output: UpdateSubscriptionReply,
    access: ["table", "stripe"],
  },
  "POST /api/create-payment-intent": {
    handler: "api/billing.createPaymentIntent",
    input: CreatePaymentIntentInput,
    output: PaymentSetup,
    access: ["table", "stripe"],
  },
  "POST /api/stripe/webhook": { handler: "api/stripe-webhook.handle", access: ["table", "stripe", "mail"] },
  "POST /api/subscription/cancel": { handler: "api/billing.cancelSubscription", output: SubscriptionReply, access: ["table", "stripe"] },
  "POST /api/subscription/resume": { handler: "api/billing.resumeSubscription", output: SubscriptionReply, access: ["table", "stripe"] },
  "POST /api/billing/portal": { handler: "api/billing.portalSession", output: PortalSession, access: ["table:read", "stripe"] },
  // Test mode only (local stack without Stripe keys); elsewhere they answer 404.
  "POST /api/test-payments/{id}/confirm": {
    handler: "api/billing.confirmTestPayment",
    input: TestPaymentInput,
    output: TestPaymentConfirmed,
    access: ["table"],
  },
  "GET /api/test-billing/clock": { handler: "api/test-billing.clock", output: TestClock, access: ["table:read"] },
  "POST /api/test-billing/clock": {
    handler: "api/test-billing.advanceClock",
    input: AdvanceClockInput,
    output: TestClock,
    access: ["table"],
  },
  "POST /api/test-billing/refund": { handler: "api/test-billing.refund", output: TestBillingDone, access: ["table"] },
  "POST /api/test-billing/dispute": { handler: "api/test-billing.dispute", output: TestBillingDone, access: ["table"] },
  "GET /api/test-billing/portal": { handler: "api/test-billing.portal", output: TestPortal, access: ["table:read"] },
  "PUT /api/test-billing/portal/card": {
    handler: "api/test-billing.replaceCard",
    input: ReplaceCardInput,
    output: TestPortal,
    access: ["table"],
  },
  "GET /api/usage": { handler: "api/billing.usage", output: Usage, access: ["table:read"] },
  // Salesforce (a connected app as SST secrets): OAuth with PKCE, then opportunities linked to projects.
  "GET /api/salesforce": { handler: "api/salesforce.status", output: SalesforceStatus, access: ["table:read", "salesforce"] },
  "POST /api/salesforce/connect": { handler: "api/salesforce.connect", output: SalesforceConnect, access: ["table", "salesforce"] },
  "POST /api/salesforce/callback": {
    handler: "api/salesforce.finish",
    input: SalesforceCallbackInput,
    output: SalesforceStatus,
    access: ["table", "salesforce"],
  },
  "DELETE /api/salesforce": { handler: "api/salesforce.disconnect", output: SalesforceDisconnected, access: ["table", "salesforce"] },
  // POST: a search may refresh the access token, which is then kept.
  "POST /api/salesforce/opportunities/search": {
    handler: "api/salesforce.opportunities",
    input: OpportunitySearch,
    output: OpportunityList,
    access: ["table", "salesforce"],
  },
  // A read: an access token it refreshes on the way serves this call alone.
  "GET /api/projects/{id}/salesforce": {
    handler: "api/salesforce.linked",
    output: LinkedOpportunity,
    access: ["table:read", "salesforce"],
  },
  "PUT /api/projects/{id}/salesforce": {
    handler: "api/salesforce.link",
    input: LinkOpportunityInput,
    output: LinkedOpportunity,
    access: ["table", "salesforce"],
  },
  "POST /api/projects/{id}/salesforce/pull": { handler: "api/salesforce.pull", output: PulledAccount, access: ["table", "salesforce"] },
  "POST /api/projects/{id}/salesforce/push": {
    handler: "api/salesforce.push",
    input: PushTotalInput,
    output: PushedTotal,
    access: ["table", "salesforce"],
  },
  "GET /api/billing/history": { handler: "api/billing.history", output: BillingHistory, access: ["table:read"] },

  "GET /api/users/{uid}": { handler: "api/users.get", output: ProfileRecord, access: ["table:read", "bucket:read"] },
  "PUT /api/users/{uid}": { handler: "api/users.update", input: ProfileUpdateInput, output: ProfileRecord, access: ["table", "bucket"] },
  "GET /api/users/{uid}/settings": { handler: "api/settings.get", output: SettingsRecord, access: ["table:read"] },
  "PUT /api/users/{uid}/settings": { handler: "api/settings.update", input: SettingsInput, output: SettingsRecord, access: ["table"] },
  // Multipart form data, not JSON: its fields are core's LogoUploadFields.
  "POST /api/upload": { handler: "api/upload.upload", output: UploadedLogo, access: ["bucket"] },
  // A logo larger than one request carries: storage first, then checked where it landed.
  "POST /api/upload/logo-url": {
    handler: "api/upload.logoUploadUrl",
    input: LogoUploadRequest,
    output: LogoUploadTicket,
    access: ["bucket"],
  },
  "POST /api/upload/logo-confirm": { handler: "api/upload.logoConfirm", input: LogoConfirmInput, output: UploadedLogo, access: ["bucket"] },
  // Mailed to the support team and acknowledged to the requester; the plan (read) decides priority.
  "POST /api/support": {
    handler: "api/support.submit",
    input: SupportInput,
    output: SupportReceipt,
    access: ["table:read", "ratelimit", "support-requests", "mail"],
  },
  // Enterprise's "Contact sales": a support request of kind 'sales'.
  "POST /api/sales": {
    handler: "api/support.contactSales",
    input: SalesRequestInput,
    output: SalesReceipt,
    access: ["table:read", "ratelimit", "support-requests", "mail"],
  },

  // Notifications: the unsubscribe link of mails (no sign-in: the link is signed), in-app toasts, Web Push.
  // The unsubscribe link answers a small HTML page; a mail client's one-click POST sends a form, not JSON.
  "GET /api/notify/unsubscribe": { handler: "api/notify.confirmUnsubscribe", access: ["table:read", "unsubscribe"] },
  "POST /api/notify/unsubscribe": { handler: "api/notify.unsubscribe", access: ["table", "unsubscribe"] },
  "GET /api/notifications": { handler: "api/notify.inApp", output: InAppNotificationList, access: ["table:read"] },
  "GET /api/notify/push/key": { handler: "api/notify.pushKey", output: PushKey, access: ["push"] },
  "POST /api/notify/push/subscriptions": {
    handler: "api/notify.pushSubscribe",
    input: PushSubscriptionInput,
    output: PushState,
    access: ["table"],
  },
  "DELETE /api/notify/push/subscriptions": {
    handler: "api/notify.pushUnsubscribe",
    input: PushEndpointInput,
    output: PushState,
    access: ["table"],
  },

  // Chat: one model or research mode (all models, then a synthesis), streamed as it is written.
  // `output` is the JSON answer; the stream's events are StreamStart ... StreamEnd in the same module.
  "POST /api/chat": {
    handler: "api/chat.send",
    input: ChatInput,
    output: ChatAnswer,
    access: ["table", "bedrock", "models", "attachments:read", "push"],
    timeout: STREAM_TIMEOUT_SECONDS,
    memory: 1024,
    stream: true,
  },
  // Attachments too large for a Lambda request (6 MB) go to S3 first, like documents.
  "POST /api/chat/attachments/upload-url": {
    handler: "api/chat.attachmentUploadUrl",
    input: AttachmentUploadRequest,
    output: AttachmentUploadTicket,
    access: ["attachments:upload"],
  },
  "POST /api/chat/generate-title": {
    handler: "api/chat.generateTitle",
    input: TitleInput,
    output: TitleReply,
    access: ["table", "bedrock", "models"],
    timeout: 15,
  },
  // Needs the model settings too: a model is "offline" when its Lambda sees no key for it.
  "GET /api/ai-status": { handler: "api/chat.status", output: AiStatusReply, access: ["table:read", "models"] },
  "GET /api/models": { handler: "api/chat.models", output: ModelCatalog, access: ["table:read", "models"] },
  "GET /api/analytics": { handler: "api/analytics.report", output: AnalyticsReport, access: ["table:read"] },
  "GET /api/conversations": { handler: "api/conversations.list", output: ConversationList, access: ["table:read"] },
  // Reads the search index and the best few messages.
  "GET /api/search": { handler: "api/search.search", output: SearchReply, access: ["table:read"] },
  "POST /api/conversations": {
    handler: "api/conversations.create",
    input: ConversationCreateInput,
    output: ConversationSummary,
    access: ["table"],
  },
  "GET /api/conversations/{id}": { handler: "api/conversations.get", output: ConversationPage, access: ["table:read"] },
  "PUT /api/conversations/{id}": {
    handler: "api/conversations.update",
    input: ConversationUpdateInput,
    output: ConversationSummary,
    access: ["table"],
  },
  "DELETE /api/conversations/{id}": { handler: "api/conversations.remove", output: ConversationRemoved, access: ["table"] },
  // Stop: the server writing the answer reads the request from the conversation and cancels the models' requests.
  "POST /api/conversations/{id}/stop": {
    handler: "api/conversations.stop",
    input: ConversationStopInput,
    output: ConversationStopping,
    access: ["table"],
  },
  // An answer being written, replayed from `Last-Event-ID` and followed to its end (a reload, another browser).
  "GET /api/conversations/{id}/messages/{messageId}/stream": {
    handler: "api/answer-stream.general",
    access: ["table:read"],
    timeout: STREAM_TIMEOUT_SECONDS,
    stream: true,
  },
  // Branches: an edited question or a regenerated answer is kept beside the earlier version, counted and streamed like a question.
  "POST /api/conversations/{id}/messages/{messageId}/edit": {
    handler: "api/branches.edit",
    input: EditInput,
    // Without `Accept: text/event-stream`: the stream's last event, the stored answer with the conversation.
    output: StreamEnd,
    access: ["table", "bedrock", "models", "push"],
    timeout: STREAM_TIMEOUT_SECONDS,
    memory: 1024,
    stream: true,
  },
  "POST /api/conversations/{id}/messages/{messageId}/regenerate": {
    handler: "api/branches.regenerate",
    input: RegenerateInput,
    output: StreamEnd,
    access: ["table", "bedrock", "models", "push"],
    timeout: STREAM_TIMEOUT_SECONDS,
    memory: 1024,
    stream: true,
  },
  "PUT /api/conversations/{id}/branch": {
    handler: "api/branches.select",
    input: BranchSelectInput,
    output: ConversationPage,
    access: ["table"],
  },
  // Export and read-only links. The shared conversation is read without sign-in: its unguessable token is the key.
  "GET /api/conversations/{id}/export": { handler: "api/share.exportConversation", access: ["table:read"], memory: 1024, timeout: 29 },
  "POST /api/conversations/{id}/share": { handler: "api/share.share", output: ShareReply, access: ["table"] },
  "DELETE /api/conversations/{id}/share": { handler: "api/share.unshare", output: ShareRevoked, access: ["table"] },
  "GET /api/shared/{token}": { handler: "api/share.shared", output: SharedConversation, access: ["table:read", "ratelimit"] },
  "GET /api/projects-conversations": { handler: "api/conversations.projectsList", output: ConversationList, access: ["table:read"] },
  "POST /api/projects-conversations": {
    handler: "api/conversations.projectsCreate",
    input: ConversationCreateInput,
    output: ConversationSummary,
    access: ["table"],
  },
  "GET /api/projects-conversations/{id}": { handler: "api/conversations.projectsGet", output: ConversationPage, access: ["table:read"] },
  "PUT /api/projects-conversations/{id}": {
    handler: "api/conversations.projectsUpdate",
    input: ConversationUpdateInput,
    output: ConversationSummary,
    access: ["table"],
  },
  "DELETE /api/projects-conversations/{id}": {
    handler: "api/conversations.projectsRemove",
    output: ConversationRemoved,
    access: ["table"],
  },
  "GET /api/projects-conversations/{id}/messages/{messageId}/stream": {
    handler: "api/answer-stream.projects",
    access: ["table:read"],
    timeout: STREAM_TIMEOUT_SECONDS,
    stream: true,
  },
  "POST /api/projects-conversations/{id}/stop": {
    handler: "api/conversations.projectsStop",
    input: ConversationStopInput,
    output: ConversationStopping,
    access: ["table"],
  },

  // Projects, customers, contacts. `{id}` after /customers/ is the customer's id
  // (API Gateway wants one variable name per path level).
  "GET /api/projects": { handler: "api/projects.list", output: ProjectList, access: ["table:read"] },
  "POST /api/projects": { handler: "api/projects.create", input: ProjectCreateInput, output: ProjectReply, access: ["table"] },
  "GET /api/projects/{id}": { handler: "api/projects.get", output: ProjectWithLinks, access: ["table:read"] },
  "PUT /api/projects/{id}": { handler: "api/projects.update", input: ProjectUpdateInput, output: ProjectReply, access: ["table"] },
  "GET /api/customers": { handler: "api/customers.list", output: CustomerList, access: ["table:read"] },
  "POST /api/customers": { handler: "api/customers.create", input: CustomerCreateInput, output: CustomerReply, access: ["table"] },
  "GET /api/customers/{id}": { handler: "api/customers.get", output: CustomerReply, access: ["table:read"] },
  "PUT /api/customers/{id}": { handler: "api/customers.update", input: CustomerUpdateInput, output: CustomerReply, access: ["table"] },
  "DELETE /api/customers/{id}": { handler: "api/customers.remove", output: CustomerRemoved, access: ["table"] },
  "GET /api/customers/{id}/contacts": { handler: "api/contacts.listByCustomer", output: ContactList, access: ["table:read"] },
  "POST /api/customers/{id}/contacts": {
    handler: "api/contacts.createForCustomer",
    input: ContactUpdateInput,
    output: ContactReply,
    access: ["table"],
  },
  "GET /api/contacts": { handler: "api/contacts.list", output: ContactList, access: ["table:read"] },
  "POST /api/contacts": { handler: "api/contacts.create", input: ContactCreateInput, output: ContactReply, access: ["table"] },
  "PUT /api/contacts/{id}": { handler: "api/contacts.update", input: ContactUpdateInput, output: ContactReply, access: ["table"] },
  "DELETE /api/contacts/{id}": { handler: "api/contacts.remove", output: ContactRemoved, access: ["table"] },
  "PUT /api/contacts/{id}/primary": {
    handler: "api/contacts.makePrimary",
    input: ContactPrimaryInput.omit({ id: true }),
    output: ContactReply,
    access: ["table"],
  },

  // Documents (the S3 notification starts the pipeline; no route starts it).
  "POST /api/documents/upload-url": {
    handler: "api/documents.uploadUrl",
    input: DocumentUploadRequest,
    output: DocumentUploadTicket,
    access: ["table", "bucket"],
  },
  "POST /api/upload-document": {
    handler: "api/documents.upload",
    output: DocumentReply,
    access: ["table", "bucket"],
    timeout: 29,
    memory: 1024,
  },
  "GET /api/projects/{id}/documents": { handler: "api/documents.list", output: DocumentList, access: ["table:read"] },
  "GET /api/documents/{id}": { handler: "api/documents.get", output: DocumentReply, access: ["table:read"] },
  "GET /api/documents/{id}/view": { handler: "api/documents.view", output: DocumentView, access: ["table:read", "bucket:read"] },
  "GET /api/documents/{id}/pages/{page}": { handler: "api/document-pages.get", output: PageText, access: ["table:read", "bucket:read"] },
  "GET /api/documents/{id}/find": { handler: "api/document-pages.find", output: DocumentMatches, access: ["table:read", "bucket:read"] },
  "DELETE /api/documents/{id}": { handler: "api/documents.remove", output: DocumentRemoved, access: ["table", "bucket"] },
  "PUT /api/documents/{id}/move": { handler: "api/documents.move", input: DocumentMoveInput, output: DocumentReply, access: ["table"] },

  // Project chat: retrieval over the project's documents (index cached in the bucket), then a model.
  "POST /api/projects/{id}/chat": {
    handler: "api/project-chat.send",
    input: ProjectChatInput,
    output: ChatReply,
    access: ["table", "bucket", "bedrock", "models", "push"],
    timeout: STREAM_TIMEOUT_SECONDS,
    memory: 1536,
    stream: true,
  },
  "GET /api/projects/{id}/conversation": { handler: "api/project-chat.conversation", output: ChatPage, access: ["table:read"] },
  "POST /api/projects-chat": {
    handler: "api/project-chat.sendAll",
    input: AllProjectsChatInput,
    output: ChatReply,
    access: ["table", "bucket", "bedrock", "models", "push"],
    timeout: STREAM_TIMEOUT_SECONDS,
    memory: 1536,
    stream: true,
  },
  // Quotes extracted by the pipeline, and people's corrections of them.
  "GET /api/projects/{id}/quotes": { handler: "api/quotes.list", output: QuoteList, access: ["table:read"] },
  "PUT /api/quotes/{id}": { handler: "api/quotes.correct", input: CorrectionInput, output: QuoteReply, access: ["table", "bucket:read"] },
  // The leveling page's arrangement (quotes, currency, rates, awards), kept per project.
  "GET /api/projects/{id}/leveling": { handler: "api/quotes.leveling", output: SavedLevelingReply, access: ["table:read"] },
  "PUT /api/projects/{id}/leveling": {
    handler: "api/quotes.saveLeveling",
    input: SavedLevelingInput,
    output: SavedLevelingReply,
    access: ["table"],
  },
  "POST /api/quote-memories/forget": { handler: "api/quotes.forget", input: ForgetInput, output: LessonForgotten, access: ["table"] },
} satisfies Record<string, RouteEntry>;

export type RouteKey = keyof typeof routes;

/** "GET /api/users/{uid}" -> { method: "GET", path: "/api/users/{uid}" } */
export function parseRouteKey(key: string) {
  const [method, path] = key.split(" ") as [string, string];
  return { method, path };
}

/** "api/users.get" -> { module: "api/users", exportName: "get" } */
export function parseHandler(handler: string) {
  const dot = handler.lastIndexOf(".");
  return { module: handler.slice(0, dot), exportName: handler.slice(dot + 1) };
}

/** `{ id: "12" }` for "POST /api/projects/{id}/chat" and "/api/projects/12/chat"; undefined when it has none. */
export function pathParametersOf(routeKey: string, path: string): Record<string, string> | undefined {
  const pattern = parseRouteKey(routeKey).path.split("/");
  const actual = path.split("/");
  const params: Record<string, string> = {};
  pattern.forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name && actual[i] !== undefined) params[name] = decodeURIComponent(actual[i]!);
  });
  return Object.keys(params).length ? params : undefined;
}

/** CloudFront's path pattern for a route, which sends the path to a streaming function: "/api/projects/{id}/chat" -> "/api/projects/*\/chat". */
export const pathPatternOf = (key: string) => parseRouteKey(key).path.replace(/\{\w+\+?\}/g, "*");
