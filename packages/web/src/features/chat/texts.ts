import type { TFunction } from "i18next";
import { formatBytes, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "@quorum/core/chat/limits";
import type { Refusal } from "./files";
import type { Usage } from "@quorum/core/ai/schema";

/** The chat's sentences that carry numbers or names, worded by the "chat" catalog in the reader's language. */

/** "1,234 tokens (1,000 in · 234 out)". */
export function tokensText(t: TFunction, usage: Usage | undefined): string {
  if (!usage) return "";
  return t("meta.tokens", { total: usage.inputTokens + usage.outputTokens, input: usage.inputTokens, output: usage.outputTokens });
}

/** "$0.0042 at list prices": small amounts keep two significant digits, in the reader's number style. */
export function costText(t: TFunction, usd: number | undefined, language: string): string {
  if (usd === undefined) return "";
  const amount = new Intl.NumberFormat(language, {
    style: "currency",
    currency: "USD",
    ...(usd < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 2 }),
  }).format(usd);
  return t("meta.cost", { amount });
}

/** Why picked files were refused. */
export function refusalText(t: TFunction, refusal: Refusal): string {
  if (refusal.reason === "type") return t(refusal.kind === "document" ? "errors.unsupportedDocument" : "errors.unsupportedImage");
  if (refusal.reason === "size")
    return t("errors.tooLarge", { name: refusal.name, size: formatBytes(refusal.size), max: formatBytes(MAX_ATTACHMENT_BYTES) });
  return t("errors.tooMany", { max: MAX_ATTACHMENTS });
}

/** "30 seconds", "1 minute", "5 minutes". */
export function budgetText(t: TFunction, seconds: number): string {
  return seconds < 60 ? t("research.seconds", { count: seconds }) : t("research.minutes", { count: Math.round(seconds / 60) });
}

/** "Up to 10 files, 20 MB each". */
export function attachmentLimitText(t: TFunction): string {
  return t("composer.attachmentLimit", { count: MAX_ATTACHMENTS, size: formatBytes(MAX_ATTACHMENT_BYTES) });
}
