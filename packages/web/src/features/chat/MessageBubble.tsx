import * as React from "react";
import { AlertTriangle, FileText, Image as ImageIcon, Info, Layers, Square, User } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { LogoMark } from "@/components/brand/Logo";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PRODUCT_NAME } from "@/lib/product";
import { formatTimeOfDay } from "@/lib/format";
import { cn } from "@/lib/utils";
import { isImage } from "./files";
import { Markdown } from "@/components/markdown/Markdown";
import { ComparisonPoints, IndividualAnswers, ModelAnswerCard, OfflineBadge } from "./ModelAnswers";
import { OFFLINE } from "@quorum/core/ai/types";
import {
  cardAnchor,
  formatLatency,
  isBeingWritten,
  modelOption,
  RESEARCH_MODEL,
  type Attachment,
  type ChatMessage,
  type ShownDetails,
} from "./model";
import { costText, tokensText } from "./texts";
import { EditButton, EditForm, RegenerateMenu, VersionSwitch, type MessageActions } from "./BranchControls";

/** One message of the conversation: the user's on the right, the AI's on the left as Markdown. */

export function AttachmentList({ attachments, tone = "muted" }: { attachments: Attachment[]; tone?: "muted" | "inverted" }) {
  const { t } = useTranslation("chat");
  if (!attachments.length) return null;
  return (
    <ul className="flex flex-wrap justify-end gap-1.5" aria-label={t("message.attachments")}>
      {attachments.map((a, i) => {
        const Icon = isImage(a) ? ImageIcon : FileText;
        return (
          <li
            key={`${a.filename}-${i}`}
            className={cn(
              "inline-flex max-w-60 items-center gap-1.5 rounded-lg border px-2 py-1 text-xs font-medium",
              tone === "inverted" ? "border-white/25 bg-white/15 text-primary-foreground" : "bg-muted text-foreground",
            )}
          >
            <Icon className="size-3.5 shrink-0" aria-label={t(isImage(a) ? "message.image" : "message.file")} />
            <span className="truncate">{a.filename}</span>
          </li>
        );
      })}
    </ul>
  );
}

function UserBubble({ message, actions }: Omit<BubbleProps, "onContinue">) {
  const time = formatTimeOfDay(message.timestamp);
  const [editing, setEditing] = React.useState(false);
  const { onEdit } = actions ?? {};
  return (
    <div className="flex justify-end gap-3" data-testid="message-user">
      <div className={cn("flex max-w-[min(85%,40rem)] flex-col items-end gap-1.5", editing && "w-full")}>
        {editing && onEdit ? (
          <EditForm
            initial={message.content}
            onCancel={() => setEditing(false)}
            onSave={(text) => {
              setEditing(false);
              onEdit(message.id, text);
            }}
          />
        ) : (
          <div className="rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-[15px] leading-7 text-primary-foreground shadow-sm">
            {message.attachments && message.attachments.length > 0 && (
              <div className="mb-1.5 mt-1">
                <AttachmentList attachments={message.attachments} tone="inverted" />
              </div>
            )}
            <p className="whitespace-pre-wrap break-words">{message.content}</p>
          </div>
        )}
        <div className="flex items-center gap-1">
          {actions && message.branch && <VersionSwitch place={message.branch} disabled={actions.busy} onSelect={actions.onSelectVersion} />}
          {onEdit && !editing && <EditButton disabled={actions!.busy} onClick={() => setEditing(true)} />}
          {time && (
            <time dateTime={message.timestamp} className="px-1 text-xs text-muted-foreground">
              {time}
            </time>
          )}
        </div>
      </div>
      <div
        className="mt-0.5 hidden size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground sm:flex"
        aria-hidden="true"
      >
        <User className="size-4" />
      </div>
    </div>
  );
}

/** "Gemini", "Quorum", "Offline model". */
function authorOf(t: TFunction, details: ShownDetails | undefined): string {
  // While it is written, the answer is the requested model's.
  const model = details?.model ?? details?.requested;
  if (!model) return t("message.ai");
  if (model === OFFLINE) return t("message.offlineModel");
  if (model === RESEARCH_MODEL) return PRODUCT_NAME;
  return modelOption(model)?.label ?? model;
}

function answeredCount(t: TFunction, answers: NonNullable<ShownDetails["answers"]>): string {
  const answered = answers.filter((a) => a.status === "answered").length;
  return t("message.answeredCount", { answered, count: answers.length });
}

function MetaLine({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation("chat");
  const d = message.details;
  const time = formatTimeOfDay(message.timestamp);
  const parts = [
    d?.latencyMs !== undefined ? formatLatency(d.latencyMs) : "",
    d?.usage ? tokensText(t, d.usage) : "",
    costText(t, d?.cost, i18n.language),
    d?.mode === "research" && d.answers?.length ? answeredCount(t, d.answers) : "",
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-1 text-xs text-muted-foreground tabular-nums" data-testid="message-meta">
      {time && <time dateTime={message.timestamp}>{time}</time>}
      {parts.map((p) => (
        <span key={p} className="before:mr-2 before:content-['·']">
          {p}
        </span>
      ))}
    </div>
  );
}

function Notes({ notes }: { notes: string[] }) {
  const { t } = useTranslation("chat");
  if (!notes.length) return null;
  return (
    <ul className="mt-3 grid gap-1 border-t pt-3 text-xs text-muted-foreground" aria-label={t("message.notes")}>
      {notes.map((note) => (
        <li key={note} className="flex gap-1.5">
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>{note}</span>
        </li>
      ))}
    </ul>
  );
}

/** An answer still marked as being written long after any server could still be at it was cut off. */
const interrupted = (message: ChatMessage) => message.state === "streaming" && !isBeingWritten(message);

/** How a streamed answer ended, when it did not simply finish. */
function EndNote({ message }: { message: ChatMessage }) {
  const { t } = useTranslation("chat");
  if (message.state === "stopped")
    return (
      <p className="mt-3 flex items-center gap-1.5 border-t pt-3 text-xs text-muted-foreground" data-testid="answer-stopped">
        <Square className="size-3 fill-current" aria-hidden="true" /> {t("message.stopped")}
      </p>
    );
  const error = message.state === "error" ? message.error : interrupted(message) ? t("message.interrupted") : null;
  if (!error) return null;
  return (
    <p className="mt-3 flex items-start gap-1.5 border-t pt-3 text-xs text-destructive" role="alert">
      <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" /> {error}
    </p>
  );
}

/** Brings a model's card into view (and focus, so the keyboard is there too), once the tab holding it is drawn. */
function showCard(messageId: string, model: string, frames = 10) {
  const card = document.getElementById(cardAnchor(messageId, model));
  if (!card) {
    if (frames > 0) requestAnimationFrame(() => showCard(messageId, model, frames - 1));
    return;
  }
  card.scrollIntoView({ behavior: "smooth", block: "center" });
  card.focus({ preventScroll: true });
}

/** Research mode while it is written: each model's card as it answers, then the combined answer as it is written. */
function LiveResearch({ message }: { message: ChatMessage }) {
  const { t } = useTranslation("chat");
  const answers = message.details?.answers ?? [];
  const writing = answers.filter((a) => a.status === "streaming").length;
  return (
    <div className="grid gap-4">
      {answers.length > 0 && (
        <div className="grid gap-3 md:grid-cols-2" aria-label={t("message.individualAnswers")}>
          {answers.map((answer, i) => (
            <ModelAnswerCard
              key={`${answer.model}-${i}`}
              answer={answer}
              compact
              anchor={cardAnchor(message.id, answer.model)}
              synthesisFailure={message.details?.synthesisFailures?.find((f) => f.model === answer.model)}
            />
          ))}
        </div>
      )}
      <section
        aria-label={t("message.productAnswer", { product: PRODUCT_NAME })}
        className="rounded-xl border border-primary/20 bg-primary/[0.03] p-4"
      >
        <h2 className="mb-2 text-sm font-semibold">{t("message.productAnswer", { product: PRODUCT_NAME })}</h2>
        {message.content ? (
          <Markdown>{message.content}</Markdown>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" />
            {writing > 0 ? t("message.waitingModels", { count: writing }) : t("message.combining")}
          </p>
        )}
        {message.details?.comparison && (
          <ComparisonPoints comparison={message.details.comparison} answers={answers} onOpen={(model) => showCard(message.id, model)} />
        )}
      </section>
    </div>
  );
}

interface BubbleProps {
  message: ChatMessage;
  /** "Continue with this model" from one of a research answer's cards (absent where the thread is read-only). */
  onContinue?: (messageId: string, model: string) => void;
  /** Edit, regenerate and ‹ n/m › (absent where the thread is read-only). */
  actions?: MessageActions;
}

function AiBubble({ message, onContinue, actions }: BubbleProps) {
  const { t } = useTranslation("chat");
  const [tab, setTab] = React.useState("answer");
  // A chip opens the individual answers, then shows its card.
  const openCard = (model: string) => {
    setTab("individual");
    showCard(message.id, model);
  };
  const d = message.details;
  const live = message.state === "streaming" && !interrupted(message);
  const research = !live && d?.mode === "research" && (d.answers?.length ?? 0) > 0;
  const offline = !!d?.offline;
  const requested = d?.requested ? (modelOption(d.requested)?.label ?? d.requested) : null;
  return (
    <div className="flex gap-3" data-testid="message-ai" data-state={message.state ?? "complete"}>
      <LogoMark className="mt-0.5 hidden size-8 shrink-0 sm:block" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div
          className={cn(
            "min-w-0 rounded-2xl rounded-tl-md border bg-card px-4 py-3 shadow-sm sm:px-5 sm:py-4",
            offline && "border-amber-500/30 bg-amber-50/40 dark:bg-amber-500/5",
          )}
        >
          <div className="mb-2 flex flex-wrap items-center gap-2">
            {offline ? (
              <>
                <OfflineBadge />
                {requested && <span className="text-xs text-muted-foreground">{t("message.insteadOf", { model: requested })}</span>}
              </>
            ) : (
              <span className="text-sm font-semibold">{authorOf(t, d)}</span>
            )}
            {d?.mode === "research" && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                <Layers className="size-3.5" aria-hidden="true" /> {t("message.researchMode")}
              </span>
            )}
            {d?.continuedFrom && <span className="text-xs text-muted-foreground">{t("message.continued")}</span>}
          </div>
          {live && d?.mode === "research" ? (
            <LiveResearch message={message} />
          ) : live && !message.content ? (
            <Thinking research={false} />
          ) : research ? (
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList className="h-9">
                <TabsTrigger value="answer" className="text-xs sm:text-sm">
                  {t("message.productAnswer", { product: PRODUCT_NAME })}
                </TabsTrigger>
                <TabsTrigger value="individual" className="text-xs sm:text-sm">
                  {t("message.individualAnswers")}
                  <span className="rounded-full bg-muted-foreground/15 px-1.5 text-[11px] tabular-nums">{d!.answers!.length}</span>
                </TabsTrigger>
              </TabsList>
              <TabsContent value="answer" className="mt-3">
                <Markdown>{message.content}</Markdown>
                {d!.comparison && <ComparisonPoints comparison={d!.comparison} answers={d!.answers!} onOpen={openCard} />}
              </TabsContent>
              <TabsContent value="individual" className="mt-3">
                <IndividualAnswers
                  details={d!}
                  messageId={message.id}
                  onContinue={onContinue && ((model) => onContinue(message.id, model))}
                />
              </TabsContent>
            </Tabs>
          ) : (
            <div className={cn(live && "streaming-caret")} data-testid="answer-text">
              <Markdown>{message.content}</Markdown>
            </div>
          )}
          <EndNote message={message} />
          {d?.notes && <Notes notes={d.notes} />}
        </div>
        <div className="flex flex-wrap items-center gap-x-1">
          {actions && message.branch && <VersionSwitch place={message.branch} disabled={actions.busy} onSelect={actions.onSelectVersion} />}
          <MetaLine message={message} />
          {actions?.onRegenerate && !live && (
            <RegenerateMenu requested={d?.requested} disabled={actions.busy} onPick={(model) => actions.onRegenerate!(message.id, model)} />
          )}
        </div>
      </div>
    </div>
  );
}

export function MessageBubble({ message, onContinue, actions }: BubbleProps) {
  return message.type === "user" ? (
    <UserBubble message={message} actions={actions} />
  ) : (
    <AiBubble message={message} onContinue={onContinue} actions={actions} />
  );
}

/** Inside the answer until its first words arrive. */
function Thinking({ research }: { research: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <div className="flex items-center gap-3 py-1" role="status" aria-live="polite" data-testid="thinking">
      <span className="flex gap-1" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className="size-2 animate-bounce rounded-full bg-primary/70"
            style={{ animationDelay: `${i * 150}ms`, animationDuration: "1s" }}
          />
        ))}
      </span>
      <span className="text-sm text-muted-foreground">{t(research ? "message.askingEveryModel" : "message.thinking")}</span>
    </div>
  );
}
