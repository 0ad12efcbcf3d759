import type { MeterName } from "../billing/schema";
import { formatBytes } from "../chat/limits";
import { config, type Config } from "../config";

/**
 * Everything the product meters, per plan: each costs the owner money (storage and
 * the pipeline per upload, OCR or Textract per page, extraction per attachment, a
 * model call per title or question). The numbers are settings (config.ts, with the
 * defaults below); null means unlimited.
 */
export const METERED_PLANS = ["starter", "professional", "enterprise"] as const;
export type MeteredPlan = (typeof METERED_PLANS)[number];

export type Period = "day" | "month";

export interface Meter {
  /** Part of the counter's key: stable. */
  readonly name: MeterName;
  readonly period: Period;
  /** What is counted, in the plural: "You've reached today's 20 document uploads". */
  readonly noun: string;
  /** The short label the usage panel shows. */
  readonly label: string;
  readonly limits: (c: Config) => Record<MeteredPlan, number | null>;
}

/** The spec's daily questions: a Starter limit, unlimited on the paid plans. */
export const QUESTIONS: Meter = {
  name: "questions",
  period: "day",
  noun: "questions",
  label: "Questions today",
  limits: (c) => ({ starter: c.STARTER_DAILY_QUESTIONS, professional: null, enterprise: null }),
};

/** Documents uploaded to projects (the pipeline reads and analyses each one). */
export const DOCUMENT_UPLOADS: Meter = {
  name: "documentUploads",
  period: "day",
  noun: "document uploads",
  label: "Document uploads today",
  limits: (c) => ({
    starter: c.UPLOADS_PER_DAY_STARTER,
    professional: c.UPLOADS_PER_DAY_PROFESSIONAL,
    enterprise: c.UPLOADS_PER_DAY_ENTERPRISE,
  }),
};

/** Scanned pages read from their pixels (local OCR or Textract), counted per page actually read. */
export const OCR_PAGES: Meter = {
  name: "ocrPages",
  period: "month",
  noun: "OCR pages",
  label: "OCR pages this month",
  limits: (c) => ({
    starter: c.OCR_PAGES_PER_MONTH_STARTER,
    professional: c.OCR_PAGES_PER_MONTH_PROFESSIONAL,
    enterprise: c.OCR_PAGES_PER_MONTH_ENTERPRISE,
  }),
};

/** Files attached to a chat question and read by the server. */
export const ATTACHMENT_ANALYSES: Meter = {
  name: "attachmentAnalyses",
  period: "day",
  noun: "attachment analyses",
  label: "Chat attachments today",
  limits: (c) => ({
    starter: c.ATTACHMENT_ANALYSES_PER_DAY_STARTER,
    professional: c.ATTACHMENT_ANALYSES_PER_DAY_PROFESSIONAL,
    enterprise: c.ATTACHMENT_ANALYSES_PER_DAY_ENTERPRISE,
  }),
};

/**
 * Presigned uploads of chat attachments (up to 20 MB each into S3): counted when the ticket is
 * given, since S3 stores the file whether or not a question ever reads it.
 */
export const ATTACHMENT_UPLOADS: Meter = {
  name: "attachmentUploads",
  period: "day",
  noun: "attachment uploads",
  label: "Attachment uploads today",
  limits: (c) => ({
    starter: c.ATTACHMENT_UPLOADS_PER_DAY_STARTER,
    professional: c.ATTACHMENT_UPLOADS_PER_DAY_PROFESSIONAL,
    enterprise: c.ATTACHMENT_UPLOADS_PER_DAY_ENTERPRISE,
  }),
};

/** Conversation titles written by a model (the offline heuristic is free and not counted). */
export const TITLES: Meter = {
  name: "titles",
  period: "day",
  noun: "AI-written conversation titles",
  label: "AI titles today",
  limits: (c) => ({
    starter: c.TITLES_PER_DAY_STARTER,
    professional: c.TITLES_PER_DAY_PROFESSIONAL,
    enterprise: c.TITLES_PER_DAY_ENTERPRISE,
  }),
};

export const METERS: readonly Meter[] = [QUESTIONS, DOCUMENT_UPLOADS, OCR_PAGES, ATTACHMENT_ANALYSES, ATTACHMENT_UPLOADS, TITLES];

export const limitOf = (meter: Meter, plan: MeteredPlan, c: Config = config()) => meter.limits(c)[plan];

export const PLAN_NAMES: Record<MeteredPlan, string> = { starter: "Starter", professional: "Professional", enterprise: "Enterprise" };

/** The way to more of a limit, from each plan. */
export const UPGRADE_HINTS: Record<MeteredPlan, string> = {
  starter: "upgrade to Professional for more.",
  professional: "Enterprise plans are sized to your needs: contact sales for more.",
  enterprise: "contact support to raise it.",
};

const GB = 1024 ** 3;

/**
 * Bytes of document files an account keeps stored at once, per plan (settings in gigabytes; null
 * is unlimited). Unlike the meters it never resets: a document holds its bytes from its upload
 * request until it is deleted, and an upload that never arrived gives them back. Chat attachments
 * are not stored (read once, then deleted) and are capped by the day's attachment uploads instead.
 */
export const DOCUMENT_STORAGE = {
  /** The name of its counter (one per user, never reset). */
  name: "documentStorage",
  limits: (c: Config): Record<MeteredPlan, number | null> => ({
    starter: c.DOCUMENT_STORAGE_GB_STARTER * GB,
    professional: c.DOCUMENT_STORAGE_GB_PROFESSIONAL * GB,
    enterprise: c.DOCUMENT_STORAGE_GB_ENTERPRISE * GB,
  }),
} as const;

export const storageLimitOf = (plan: MeteredPlan, c: Config = config()) => DOCUMENT_STORAGE.limits(c)[plan];

/** "Your Starter plan stores up to 1 GB of documents (980 MB in use). Delete documents to make room; upgrade to Professional for more." */
export const storageFullMessage = (plan: MeteredPlan, limit: number, used: number) =>
  `Your ${PLAN_NAMES[plan]} plan stores up to ${formatBytes(limit)} of documents (${formatBytes(Math.max(0, used))} in use). ` +
  `Delete documents to make room; ${UPGRADE_HINTS[plan]}`;

/** Only a Starter's way to more is the upgrade the web can offer (the payment modal). */
export const upgradeLifts = (plan: MeteredPlan) => plan === "starter";
