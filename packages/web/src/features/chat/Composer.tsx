import * as React from "react";
import { Trans, useTranslation } from "react-i18next";
import { AlertCircle, ArrowUp, FileText, Image as ImageIcon, MessageSquareShare, Paperclip, Square, X } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatBytes, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MAX_MESSAGE_CHARS } from "@quorum/core/chat/limits";
import { LimitReachedBanner } from "@/features/billing";
import { cn } from "@/lib/utils";
import type { AttachmentKind } from "@quorum/core/chat/schema";
import { acceptFor, formatSize, isImage } from "./files";
import { ModelSelect } from "./ModelSelect";
import { SynthesizerSelect } from "./SynthesizerSelect";
import { RESEARCH_MODEL, modelOption, outgoingText } from "./model";
import { attachmentLimitText } from "./texts";
import type { ChatSession } from "./useChatSession";

/**
 * Everything below the messages: the error banner, the pending
 * files, the model selector, the two upload buttons, the two-row textarea and Send.
 */

export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-xl border border-destructive/30 bg-destructive/10 px-3.5 py-2.5 text-sm text-destructive"
      data-testid="chat-error"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        className="-m-1 rounded-md p-1 opacity-70 transition hover:bg-destructive/10 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={t("composer.dismiss")}
      >
        <X className="size-4" />
      </button>
    </div>
  );
}

function FileChip({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation("chat");
  const Icon = isImage(file) ? ImageIcon : FileText;
  return (
    <li className="group inline-flex max-w-64 items-center gap-2 rounded-lg border bg-background py-1 pl-1.5 pr-1 text-xs shadow-xs">
      <span
        className={cn(
          "flex size-7 shrink-0 items-center justify-center rounded-md",
          isImage(file) ? "bg-sky-500/10 text-sky-600 dark:text-sky-400" : "bg-primary/10 text-primary",
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="grid min-w-0">
        <span className="truncate font-medium">{file.name}</span>
        <span className="text-[11px] text-muted-foreground">{formatSize(file.size)}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        className="rounded-md p-1 text-muted-foreground transition hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={t("composer.removeFile", { name: file.name })}
      >
        <X className="size-3.5" />
      </button>
    </li>
  );
}

function UploadButton({
  kind,
  disabled,
  onFiles,
}: {
  kind: AttachmentKind;
  disabled: boolean;
  onFiles: (kind: AttachmentKind, files: File[]) => void;
}) {
  const { t } = useTranslation("chat");
  const input = React.useRef<HTMLInputElement>(null);
  const label = t(kind === "document" ? "composer.uploadDocument" : "composer.uploadImage");
  const hint = t(kind === "document" ? "composer.documentHint" : "composer.imageHint", {
    count: MAX_ATTACHMENTS,
    size: formatBytes(MAX_ATTACHMENT_BYTES),
  });
  const Icon = kind === "document" ? Paperclip : ImageIcon;
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            disabled={disabled}
            onClick={() => input.current?.click()}
            className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground transition hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50"
            aria-label={label}
          >
            <Icon className="size-4" />
          </button>
        </TooltipTrigger>
        <TooltipContent>
          {label} <span className="opacity-70">· {hint}</span>
        </TooltipContent>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        accept={acceptFor(kind)}
        className="hidden"
        data-testid={`${kind}-input`}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Cleared so picking the same file again still fires a change.
          event.target.value = "";
          onFiles(kind, picked);
        }}
      />
    </>
  );
}

export function Composer({ session }: { session: ChatSession }) {
  const { t } = useTranslation("chat");
  const { phase, input, setInput, files, model } = session;
  const busy = phase !== "idle";
  const textarea = React.useRef<HTMLTextAreaElement>(null);
  const canSend = !busy && outgoingText(input, files.length, t("filesOnly")) !== "";

  // Grows with its content from two rows up to a limit, then scrolls.
  React.useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [input]);

  // Focus returns to the box once a reply has arrived, ready for the next question.
  React.useEffect(() => {
    if (phase === "idle") textarea.current?.focus({ preventScroll: true });
  }, [phase]);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2.5">
      {session.limit && <LimitReachedBanner refusal={session.limit} onUpgraded={session.dismissLimit} />}
      {session.error && <ErrorBanner message={session.error} onDismiss={session.dismissError} />}
      {session.continuing && session.continuing.model === model && (
        <div
          className="flex items-center gap-2 rounded-xl border border-primary/20 bg-primary/5 px-3.5 py-2 text-sm"
          data-testid="continuing"
        >
          <MessageSquareShare className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <p className="flex-1">{t("composer.continuing", { model: modelOption(model)?.label ?? model })}</p>
          <button
            type="button"
            onClick={session.endContinuation}
            className="-m-1 rounded-md p-1 text-muted-foreground transition hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t("composer.endContinuing")}
          >
            <X className="size-4" />
          </button>
        </div>
      )}
      <form
        className={cn(
          "rounded-2xl border bg-card shadow-sm transition focus-within:border-primary/50 focus-within:ring-4 focus-within:ring-primary/10",
          busy && "opacity-95",
        )}
        onSubmit={(event) => {
          event.preventDefault();
          void session.send();
        }}
      >
        {files.length > 0 && (
          <ul className="flex flex-wrap gap-2 border-b px-3 pb-2.5 pt-3" aria-label={t("composer.selectedFiles")}>
            {files.map((f) => (
              <FileChip key={f.id} file={f.file} onRemove={() => session.removeFile(f.id)} />
            ))}
          </ul>
        )}
        <label htmlFor="chat-input" className="sr-only">
          {t("composer.message")}
        </label>
        <textarea
          id="chat-input"
          ref={textarea}
          rows={2}
          maxLength={MAX_MESSAGE_CHARS}
          value={input}
          disabled={busy}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void session.send();
            }
          }}
          placeholder={t(
            phase === "awaiting" ? "composer.responding" : model === RESEARCH_MODEL ? "composer.askEveryModel" : "composer.askAnything",
          )}
          className="block w-full resize-none bg-transparent px-4 pb-1 pt-3.5 text-[15px] leading-6 placeholder:text-muted-foreground focus:outline-none disabled:cursor-not-allowed"
        />
        <div className="flex items-center gap-1 px-2 pb-2 pt-1">
          <UploadButton kind="document" disabled={busy} onFiles={session.addFiles} />
          <UploadButton kind="image" disabled={busy} onFiles={session.addFiles} />
          <div className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
          <div className="shrink-0">
            <ModelSelect value={model} onChange={session.setModel} disabled={busy} />
          </div>
          {model === RESEARCH_MODEL && (
            <div className="shrink-0">
              <SynthesizerSelect value={session.synthesizer} onChange={session.setSynthesizer} disabled={busy} />
            </div>
          )}
          <span
            className="ml-2 hidden min-w-0 truncate whitespace-nowrap text-[11px] text-muted-foreground sm:inline"
            data-testid="attachment-limit"
          >
            {attachmentLimitText(t)}
          </span>
          {input.length > MAX_MESSAGE_CHARS * 0.9 ? (
            <span className="ml-auto pr-2 text-[11px] tabular-nums text-amber-700 dark:text-amber-400" data-testid="message-length">
              {t("composer.length", { length: input.length, max: MAX_MESSAGE_CHARS })}
            </span>
          ) : (
            <span className="ml-auto hidden min-w-0 truncate whitespace-nowrap pl-2 pr-2 text-[11px] text-muted-foreground lg:inline">
              <Trans t={t} i18nKey="composer.keys" components={{ kbd: <kbd className="font-sans" /> }} />
            </span>
          )}
          {phase === "awaiting" && session.stoppable ? (
            <button
              type="button"
              onClick={() => void session.stop()}
              className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border bg-background px-4 text-sm font-medium shadow-sm transition hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-lg:ml-auto"
            >
              <Square className="size-3.5 fill-current" aria-hidden="true" /> {t("composer.stop")}
            </button>
          ) : (
            <button
              type="submit"
              disabled={!canSend}
              className={cn(
                "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm transition hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-40 max-lg:ml-auto",
              )}
            >
              {phase === "reading" ? (
                <>
                  <Spinner className="size-4" /> {t("composer.analyzing")}
                </>
              ) : phase === "awaiting" ? (
                <>
                  <Spinner className="size-4" /> {t("composer.send")}
                </>
              ) : (
                <>
                  {t("composer.send")} <ArrowUp className="size-4" aria-hidden="true" />
                </>
              )}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
