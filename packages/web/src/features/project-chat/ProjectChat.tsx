import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { FileSearch, MessageSquare, Quote, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/features/auth";
import { ChatThread } from "./ChatThread";
import { ClearChatButton } from "./ClearChatButton";
import {
  projectConversationId,
  projectConversationKey,
  sendProjectMessage,
  useClearChat,
  useProjectConversation,
  type OnStreamEvent,
} from "./queries";
import { useChatThread } from "./useChatThread";

/** The empty state's starting questions; their words are in the catalog under suggestions.<key>. */
const SUGGESTIONS = ["quotes", "terms", "requirements"] as const;

/** The project detail's chat section: answers cite the project's documents. */
export function ProjectChat({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projectChat");
  const { user } = useAuth();
  const uid = user?.uid ?? "";
  const queryClient = useQueryClient();
  const history = useProjectConversation(projectId);
  const send = React.useCallback(
    (message: string, onEvent: OnStreamEvent) => sendProjectMessage(projectId, uid, message, onEvent),
    [projectId, uid],
  );
  // The stored history is what the next visit shows: mark it stale once a reply is in.
  const onReplied = React.useCallback(
    () => void queryClient.invalidateQueries({ queryKey: projectConversationKey(projectId), refetchType: "none" }),
    [queryClient, projectId],
  );
  const thread = useChatThread({ history: history.messages, conversationId: history.conversationId, uid: user?.uid, send, onReplied });
  // A first question asked on this visit made the conversation: the server names it.
  const clear = useClearChat(
    uid,
    projectConversationKey(projectId),
    async () => history.conversationId ?? (await projectConversationId(projectId)),
  );

  return (
    <div className="flex h-[calc(100dvh-11rem)] min-h-[30rem] flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <header className="flex items-center gap-3 border-b px-4 py-3 sm:px-6">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <MessageSquare className="size-[18px]" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold leading-tight">{t("project.title")}</h2>
          <p className="truncate text-xs text-muted-foreground">{t("project.subtitle")}</p>
        </div>
        {thread.messages.length > 0 && (
          <ClearChatButton
            title={t("clear.projectTitle")}
            description={t("clear.projectText")}
            disabled={thread.pending}
            clearing={clear.isPending}
            onClear={() => clear.mutateAsync().then(thread.reset)}
          />
        )}
      </header>
      <ChatThread
        messages={thread.messages}
        pending={thread.pending}
        onStop={thread.stoppable ? () => void thread.stop() : undefined}
        loading={history.isPending}
        onSend={thread.submit}
        limit={thread.limit}
        onLimitCleared={thread.clearLimit}
        older={history.older}
        placeholder={t("project.placeholder")}
        empty={<EmptyState onPick={(s) => void thread.submit(s)} />}
      />
    </div>
  );
}

function EmptyState({ onPick }: { onPick: (suggestion: string) => void }) {
  const { t } = useTranslation("projectChat");
  return (
    <div className="mx-auto flex h-full max-w-md flex-col items-center justify-center gap-5 py-8 text-center">
      <div className="relative">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/20">
          <Sparkles className="size-7" aria-hidden="true" />
        </div>
      </div>
      <div className="grid gap-1.5">
        <p className="text-lg font-semibold">{t("project.empty")}</p>
        <p className="text-balance text-sm text-muted-foreground">{t("project.emptyText")}</p>
      </div>
      <div className="grid w-full gap-2 text-left text-sm text-muted-foreground sm:grid-cols-2">
        <div className="flex items-start gap-2 rounded-lg border bg-background/60 p-3">
          <FileSearch className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {t("project.searches")}
        </div>
        <div className="flex items-start gap-2 rounded-lg border bg-background/60 p-3">
          <Quote className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {t("project.cites")}
        </div>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {SUGGESTIONS.map((key) => (
          <button
            key={key}
            type="button"
            onClick={() => onPick(t(`suggestions.${key}`))}
            className="cursor-pointer rounded-full border bg-background px-3 py-1.5 text-xs font-medium text-muted-foreground shadow-xs transition-colors hover:border-primary/40 hover:text-foreground"
          >
            {t(`suggestions.${key}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
