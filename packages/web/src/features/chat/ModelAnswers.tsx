import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  Coins,
  GitCompareArrows,
  MessageSquareShare,
  MinusCircle,
  Square,
  WifiOff,
} from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { currentLocale } from "@/i18n/languages";
import { PRODUCT_NAME } from "@/lib/product";
import { cn } from "@/lib/utils";
import { Markdown } from "@/components/markdown/Markdown";
import type { Agreement, Comparison, ModelAnswer } from "@quorum/core/ai/schema";
import { OFFLINE } from "@quorum/core/ai/types";
import { cardAnchor, formatLatency, type ShownDetails, type ShownModelAnswer } from "./model";
import { tokensText } from "./texts";

/**
 * Research mode's 'Individual answers': each model's own answer with its latency
 * and token usage, a failure in plain words, and whether it agreed with the
 * combined answer.
 */

function agreementOf(answer: ShownModelAnswer, agreement: Agreement | null | undefined): "agreed" | "differed" | null {
  if (!agreement || answer.status !== "answered") return null;
  if (agreement.agreed.includes(answer.model)) return "agreed";
  if (agreement.differed.includes(answer.model)) return "differed";
  return null;
}

export function serviceName(answer: Pick<ShownModelAnswer, "service" | "model">): string {
  return answer.service || answer.model;
}

/** "Claude, GPT, and Gemini", as the reader's language joins a list. */
export function listNames(names: string[]): string {
  return new Intl.ListFormat(currentLocale(), { style: "long", type: "conjunction" }).format(names);
}

/** The one-line summary of who agreed, e.g. "Claude and GPT agreed with the combined answer; Grok differed." */
export function agreementSentence(t: TFunction, details: ShownDetails): string | null {
  const { agreement, answers } = details;
  if (!agreement || !answers?.length) return null;
  const name = (choice: string) => serviceName(answers.find((a) => a.model === choice) ?? { service: choice, model: choice });
  const agreed = agreement.agreed.map(name);
  const differed = agreement.differed.map(name);
  if (!agreed.length && !differed.length) return null;
  const agreedPart = agreed.length ? t("answers.agreed", { names: listNames(agreed), count: agreed.length }) : t("answers.noneAgreed");
  return differed.length
    ? t("answers.agreedAndDiffered", { agreed: agreedPart, names: listNames(differed), count: differed.length })
    : t("answers.sentence", { agreed: agreedPart });
}

export function ModelAnswerCard({
  answer,
  agreement,
  compact = false,
  anchor,
  synthesisFailure,
  onContinue,
}: {
  answer: ShownModelAnswer;
  agreement?: Agreement | null;
  /** While research mode is written: the card keeps to a few lines, showing the newest. */
  compact?: boolean;
  /** The card's element id, which the comparison's chips scroll to. */
  anchor?: string;
  /** This model tried to write the combined answer and could not: why. */
  synthesisFailure?: ModelAnswer;
  /** "Continue with this model", on a card whose model answered. */
  onContinue?: () => void;
}) {
  const writing = answer.status === "streaming";
  const stopped = answer.status === "stopped";
  const answered = answer.status === "answered" || writing || stopped;
  const offline = answer.model === OFFLINE || answer.provider === OFFLINE;
  const verdict = agreementOf(answer, agreement);
  const { t } = useTranslation("chat");
  return (
    <article
      id={anchor}
      tabIndex={anchor ? -1 : undefined}
      className={cn(
        "scroll-mt-6 rounded-xl border bg-background/60 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-background/30",
        !answered && "border-destructive/30 bg-destructive/5 dark:bg-destructive/10",
      )}
      aria-label={t("answers.cardLabel", { model: serviceName(answer) })}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <h2 className="text-sm font-semibold">{serviceName(answer)}</h2>
        {answer.modelId && answer.modelId !== answer.model && (
          <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground">{answer.modelId}</span>
        )}
        {offline && <OfflineBadge />}
        {verdict === "agreed" && (
          <span className="inline-flex items-center gap-1 rounded-full bg-success/12 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:text-emerald-300">
            <CheckCircle2 className="size-3.5" aria-hidden="true" /> {t("answers.agreedBadge")}
          </span>
        )}
        {verdict === "differed" && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/12 px-2 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-400">
            <MinusCircle className="size-3.5" aria-hidden="true" /> {t("answers.differedBadge")}
          </span>
        )}
        {!answered && (
          <span className="inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">
            <AlertTriangle className="size-3.5" aria-hidden="true" />{" "}
            {t(answer.status === "timed_out" ? "answers.timedOut" : "answers.failed")}
          </span>
        )}
        {writing && (
          <span
            className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary"
            data-testid="card-writing"
          >
            <Spinner className="size-3" /> {t("answers.writing")}
          </span>
        )}
        {stopped && (
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
            <Square className="size-3 fill-current" aria-hidden="true" /> {t("answers.stopped")}
          </span>
        )}
        {!writing && <UsageLine answer={answer} className="ml-auto" />}
      </header>
      <div
        className={cn(
          "mt-3",
          compact && "flex max-h-36 flex-col justify-end overflow-hidden [mask-image:linear-gradient(to_bottom,transparent,black_2.5rem)]",
        )}
      >
        {!answered && (
          <p className="text-sm text-destructive">{answer.error ?? t("answers.didNotAnswer", { model: serviceName(answer) })}</p>
        )}
        {answer.response ? (
          <Markdown className={cn("text-sm", !answered && "mt-2 opacity-70")}>{answer.response}</Markdown>
        ) : (
          writing && <p className="text-sm text-muted-foreground">{t("answers.firstWords")}</p>
        )}
        {answer.truncated && <p className="mt-2 text-xs text-muted-foreground">{t("answers.truncated")}</p>}
      </div>
      {synthesisFailure && (
        <p className="mt-3 flex items-start gap-1.5 border-t pt-3 text-xs text-destructive" data-testid="synthesis-failure">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {t("answers.couldNotCombine", { reason: synthesisFailure.error ?? t("answers.didNotAnswer", { model: serviceName(answer) }) })}
        </p>
      )}
      {onContinue && answer.status === "answered" && (
        <div className="mt-3 flex justify-end border-t pt-3">
          <button
            type="button"
            onClick={onContinue}
            className="inline-flex items-center gap-1.5 rounded-full border bg-background px-3 py-1 text-xs font-medium shadow-xs transition hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <MessageSquareShare className="size-3.5" aria-hidden="true" /> {t("answers.continueWith", { model: serviceName(answer) })}
          </button>
        </div>
      )}
    </article>
  );
}

function UsageLine({ answer, className }: { answer: ShownModelAnswer; className?: string }) {
  const { t } = useTranslation("chat");
  const latency = formatLatency(answer.latencyMs);
  const tokens = tokensText(t, answer.usage);
  return (
    <span className={cn("inline-flex items-center gap-3 text-xs text-muted-foreground tabular-nums", className)}>
      {latency && (
        <span className="inline-flex items-center gap-1" title={t("answers.timeToAnswer")}>
          <Clock className="size-3.5" aria-hidden="true" />
          {latency}
        </span>
      )}
      {tokens && (
        <span className="inline-flex items-center gap-1" title={t("answers.tokenUsage")}>
          <Coins className="size-3.5" aria-hidden="true" />
          {tokens}
        </span>
      )}
    </span>
  );
}

export function OfflineBadge({ className }: { className?: string }) {
  const { t } = useTranslation("chat");
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-amber-500/30 bg-amber-500/10 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300",
        className,
      )}
      title={t("answers.offlineExplained", { product: PRODUCT_NAME })}
    >
      <WifiOff className="size-3.5" aria-hidden="true" />
      {t("message.offlineModel")}
    </span>
  );
}

export function IndividualAnswers({
  details,
  messageId,
  onContinue,
}: {
  details: ShownDetails;
  messageId: string;
  onContinue?: (model: string) => void;
}) {
  const { t } = useTranslation("chat");
  const answers = details.answers ?? [];
  const sentence = agreementSentence(t, details);
  const failed = answers.filter((a) => a.status !== "answered" && a.status !== "streaming");
  return (
    <div className="grid gap-3">
      {sentence && (
        <p className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>{sentence}</span>
        </p>
      )}
      {failed.length > 0 && <p className="sr-only">{t("answers.failedCount", { count: failed.length })}</p>}
      {answers.map((answer, i) => (
        <ModelAnswerCard
          key={`${answer.model}-${i}`}
          answer={answer}
          agreement={details.agreement}
          anchor={cardAnchor(messageId, answer.model)}
          synthesisFailure={details.synthesisFailures?.find((f) => f.model === answer.model)}
          onContinue={onContinue && answer.model !== OFFLINE ? () => onContinue(answer.model) : undefined}
        />
      ))}
      {details.synthesizer && (
        <p className="text-xs text-muted-foreground">
          {t("answers.combinedBy", {
            model: serviceName(details.synthesizer),
            latency: details.synthesizer.latencyMs ? formatLatency(details.synthesizer.latencyMs) : "none",
            tokens: tokensText(t, details.synthesizer.usage) || "none",
          })}
        </p>
      )}
    </div>
  );
}

/**
 * The synthesis's closing account: "Where the models agree" and "Where they differ",
 * each point with chips naming the models that made it; a chip opens that model's card.
 */
export function ComparisonPoints({
  comparison,
  answers,
  onOpen,
}: {
  comparison: Comparison;
  answers: ShownModelAnswer[];
  onOpen: (model: string) => void;
}) {
  const { t } = useTranslation("chat");
  const name = (model: string) => serviceName(answers.find((a) => a.model === model) ?? { service: model, model });
  const lists = [
    { key: "agree", points: comparison.agree, heading: t("answers.whereAgree"), Icon: CheckCircle2, tone: "text-success" },
    {
      key: "differ",
      points: comparison.differ,
      heading: t("answers.whereDiffer"),
      Icon: GitCompareArrows,
      tone: "text-amber-600 dark:text-amber-400",
    },
  ].filter((l) => l.points.length > 0);
  return (
    <div className="mt-4 grid gap-4 border-t pt-4" data-testid="comparison">
      {lists.map(({ key, points, heading, Icon, tone }) => (
        <section key={key} aria-label={heading}>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
            <Icon className={cn("size-4", tone)} aria-hidden="true" /> {heading}
          </h3>
          <ul className="grid gap-2">
            {points.map((p, i) => (
              <li key={i} className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm leading-6">
                <span className="min-w-0">{p.point}</span>
                <span className="inline-flex flex-wrap gap-1">
                  {p.models.map((model) => (
                    <button
                      key={model}
                      type="button"
                      onClick={() => onOpen(model)}
                      title={t("answers.openCard", { model: name(model) })}
                      className="rounded-full border bg-muted/60 px-2 py-0.5 text-[11px] font-medium leading-4 text-foreground transition hover:border-primary/40 hover:bg-primary/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {name(model)}
                    </button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
