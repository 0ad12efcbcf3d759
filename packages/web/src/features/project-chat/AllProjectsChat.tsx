import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { ArrowLeft, Layers } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/features/auth";
import { ConversationSidebar, useConversations } from "@/features/chat";
import { useProjects } from "@/features/projects/queries";
import { openedFrom } from "@/lib/opened-address";
import { ChatThread } from "./ChatThread";
import { ClearChatButton } from "./ClearChatButton";
import { ALL_PROJECTS_TITLE } from "@quorum/core/project-chat/schema";
import {
  projectsConversationsKey,
  sendAllProjectsMessage,
  useAllProjectsConversation,
  useClearChat,
  useProjectsConversation,
  type OnStreamEvent,
} from "./queries";
import { useChatThread } from "./useChatThread";

/** The title the server gives a project's chat conversation. */
const PROJECT_TITLE_PREFIX = "Project: ";

/** The titles the server gives ('All Projects Chat', 'Project: <name>') in the reader's language; others as written. */
function readableTitle(t: TFunction, title: string): string {
  if (title === ALL_PROJECTS_TITLE) return t("all.title");
  if (title.startsWith(PROJECT_TITLE_PREFIX)) return t("projectTitle", { name: title.slice(PROJECT_TITLE_PREFIX.length) });
  return title;
}

/**
 * The 'AI Chat - All Projects' panel on /projects: history from the projects
 * conversation titled 'All Projects Chat'; the conversation list is refreshed
 * after each reply. Its second tab is the 'Projects Chat' list: every
 * conversation of the projects list, each one opened from there.
 */
export function AllProjectsChat() {
  const { t } = useTranslation("projectChat");
  const { user } = useAuth();
  const uid = user?.uid ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const history = useAllProjectsConversation(uid);
  const list = useConversations("projects", uid);
  const projects = useProjects(uid);
  const [tab, setTab] = React.useState<"chat" | "list">("chat");
  /** Another conversation of the list, shown read only in place of the all-projects chat. */
  const [viewing, setViewing] = React.useState<string | null>(null);

  const send = React.useCallback((message: string, onEvent: OnStreamEvent) => sendAllProjectsMessage(uid, message, onEvent), [uid]);
  const onReplied = React.useCallback(
    () => void queryClient.invalidateQueries({ queryKey: projectsConversationsKey(uid) }),
    [queryClient, uid],
  );
  const thread = useChatThread({ history: history.messages, conversationId: history.conversationId, uid: user?.uid, send, onReplied });
  const allId = history.conversationId ?? null;
  const clear = useClearChat(uid, projectsConversationsKey(uid), async () => allId);

  /** A project's chat opens on its project; the all-projects one here; any other read only here. */
  const open = (id: string) => {
    const title = list.data?.find((c) => c.id === id)?.title ?? "";
    const project = title.startsWith(PROJECT_TITLE_PREFIX)
      ? projects.data?.filter((p) => p.name === title.slice(PROJECT_TITLE_PREFIX.length))
      : undefined;
    if (project?.length === 1) return void navigate({ to: "/projects/$id/chat", params: { id: project[0]!.id } });
    setViewing(id === allId ? null : id);
    setTab("chat");
  };

  // A search result names a conversation: it opens once the lists it is looked up in are in.
  const { conversation: addressed } = openedFrom(useSearch({ strict: false }));
  const listsLoaded = !!list.data && !projects.isPending;
  React.useEffect(() => {
    if (!addressed || !listsLoaded) return;
    // The address is cleared first: opening a project's own chat moves to its page.
    void navigate({ to: "/projects", search: {}, replace: true }).then(() => open(addressed));
    // `open` is made anew each render; what it reads is what listsLoaded waits for.
  }, [addressed, listsLoaded]);

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as "chat" | "list")} className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-3 py-2">
        <TabsList className="h-8">
          <TabsTrigger value="chat" className="h-6 px-2.5 text-xs">
            {t("all.chatTab")}
          </TabsTrigger>
          <TabsTrigger value="list" className="h-6 px-2.5 text-xs">
            {t("chat:sidebar.title.projects")}
          </TabsTrigger>
        </TabsList>
        {tab === "chat" && !viewing && allId && thread.messages.length > 0 && (
          <div className="ml-auto">
            <ClearChatButton
              compact
              title={t("clear.allTitle")}
              description={t("clear.allText")}
              disabled={thread.pending}
              clearing={clear.isPending}
              onClear={() => clear.mutateAsync().then(thread.reset)}
            />
          </div>
        )}
      </div>
      <TabsContent value="chat" className="mt-0 flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
        {viewing ? (
          <StoredConversation uid={uid} id={viewing} onBack={() => setViewing(null)} />
        ) : (
          <ChatThread
            compact
            messages={thread.messages}
            pending={thread.pending}
            onStop={thread.stoppable ? () => void thread.stop() : undefined}
            loading={history.isPending && !history.isError}
            onSend={thread.submit}
            limit={thread.limit}
            onLimitCleared={thread.clearLimit}
            older={history.older}
            placeholder={t("all.placeholder")}
            empty={
              <div className="flex h-full flex-col items-center justify-center gap-3 px-2 py-8 text-center">
                <div className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                  <Layers className="size-5" aria-hidden="true" />
                </div>
                <p className="font-medium">{t("all.empty")}</p>
                <p className="text-balance text-xs text-muted-foreground">{t("all.emptyText")}</p>
              </div>
            }
          />
        )}
      </TabsContent>
      <TabsContent value="list" className="mt-0 flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
        <ConversationSidebar
          listType="projects"
          uid={uid}
          activeId={viewing ?? allId}
          onSelect={open}
          titleOf={(title) => readableTitle(t, title)}
          onCreated={open}
          onDeleted={(id) => {
            if (id === viewing) setViewing(null);
            if (id === allId) thread.reset();
          }}
          className="min-h-0 flex-1"
        />
      </TabsContent>
    </Tabs>
  );
}

/** A conversation of the projects list other than the all-projects one, read only. */
function StoredConversation({ uid, id, onBack }: { uid: string; id: string; onBack: () => void }) {
  const { t } = useTranslation("projectChat");
  const history = useProjectsConversation(uid, id);
  const title = useConversations("projects", uid)
    .data?.find((c) => c.id === id)
    ?.title?.trim();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-1.5 border-b px-2 py-1.5 text-sm">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-3.5" aria-hidden="true" />
          {t("all.title")}
        </button>
        <span className="ml-auto truncate text-xs font-medium" title={title}>
          {title ? readableTitle(t, title) : t("chat:sidebar.untitled")}
        </span>
      </div>
      <ChatThread
        compact
        messages={history.messages ?? []}
        pending={false}
        loading={history.isPending && !history.isError}
        older={history.older}
        empty={<p className="py-10 text-center text-sm text-muted-foreground">{t("chat:sidebar.noMessages")}</p>}
      />
    </div>
  );
}
