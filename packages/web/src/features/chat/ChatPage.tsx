import * as React from "react";
import { FileSpreadsheet, Image as ImageIcon, Layers, PanelLeft, RotateCcw, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LogoMark } from "@/components/brand/Logo";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth";
import { ShareButton } from "@/features/share/ShareDialog";
import { UsageMeter } from "@/features/billing";
import { whenIdle } from "@/lib/first-paint";
import { PRODUCT_NAME } from "@/lib/product";
import { cn } from "@/lib/utils";
import { Composer } from "./Composer";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ConversationSidebar } from "./ConversationSidebar";
import type { MessageActions } from "./BranchControls";
import type { ChatMessage } from "./model";
import { OlderMessages, useThreadScroll } from "./older-pages";
import { ResearchDialog } from "./ResearchDialog";
import { StatusFooter } from "./StatusFooter";
import { useChatSession, type ChatSession } from "./useChatSession";
import { messageAnchor, useOpenedMessage } from "./useOpenedMessage";

/**
 * The messages' code (their Markdown renderer above all) is not needed for the welcome screen a
 * new chat opens on: it loads once that screen is up, or with the conversation being opened.
 */
let messageBubble: typeof import("./MessageBubble").MessageBubble | undefined;
const loadMessageBubble = () =>
  import("./MessageBubble").then((m) => {
    messageBubble = m.MessageBubble;
  });

/** The messages' component, once its code is in; asked for when there are messages to show. */
function useMessageBubble(wanted: boolean) {
  const [, loaded] = React.useReducer((n: number) => n + 1, 0);
  React.useEffect(() => {
    if (wanted && !messageBubble) void loadMessageBubble().then(loaded);
  }, [wanted]);
  return messageBubble;
}

/**
 * /chat: the general AI chat workspace. The route shows it only
 * to a signed-in user ('Loading chat...' first, '/' for visitors).
 */
export function ChatPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <ChatWorkspace uid={user.uid} />;
}

function ChatWorkspace({ uid }: { uid: string }) {
  const { t } = useTranslation("chat");
  const session = useChatSession({ uid, listType: "general", loadThread: loadMessageBubble });
  // Once the page is painted: a question asked then shows without waiting for the messages' code.
  React.useEffect(() => whenIdle(() => void loadMessageBubble()), []);
  const opened = useOpenedMessage(session);
  const [sidebarOpen, setSidebarOpen] = React.useState(false);
  const [confirmingClear, setConfirmingClear] = React.useState(false);
  const [clearing, setClearing] = React.useState(false);

  // A saved conversation is deleted by Clear Chat, so it asks first; a fresh chat only resets.
  const askToClear = () => (session.activeId === null ? void session.clear() : setConfirmingClear(true));
  const clear = async () => {
    setClearing(true);
    await session.clear();
    setClearing(false);
    setConfirmingClear(false);
  };

  const select = (id: string) => {
    setSidebarOpen(false);
    if (id !== session.activeId) void session.select(id);
  };
  const sidebarProps = {
    listType: "general" as const,
    uid,
    activeId: session.activeId,
    onSelect: select,
    onCreated: (id: string) => {
      setSidebarOpen(false);
      void session.select(id, { empty: true });
    },
    onDeleted: session.onDeleted,
  };

  return (
    <main id="main" className="flex h-[calc(100dvh-4rem-1px)] min-h-[28rem] w-full overflow-hidden">
      <ConversationSidebar {...sidebarProps} className="hidden w-72 shrink-0 border-r bg-muted/25 lg:flex" />
      <Sheet open={sidebarOpen} onOpenChange={setSidebarOpen}>
        <SheetContent side="left" aria-describedby={undefined}>
          <SheetTitle className="sr-only">{t("sidebar.list")}</SheetTitle>
          <SheetDescription className="sr-only">{t("sidebar.sheetDescription")}</SheetDescription>
          <ConversationSidebar {...sidebarProps} className="h-full pt-6" />
        </SheetContent>
      </Sheet>

      <section className="flex min-w-0 flex-1 flex-col" aria-labelledby="chat-title">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b px-3 sm:px-5">
          <Button
            variant="ghost"
            size="icon"
            className="size-9 lg:hidden"
            aria-label={t("page.showConversations")}
            onClick={() => setSidebarOpen(true)}
          >
            <PanelLeft />
          </Button>
          <h1 id="chat-title" className="font-semibold tracking-tight">
            {t("page.title", { product: PRODUCT_NAME })}
          </h1>
          <UsageMeter className="ml-2 hidden sm:block" />
          <div className="ml-auto flex items-center gap-1">
            <ShareButton conversationId={session.activeId} disabled={session.phase !== "idle"} />
            <Button
              variant="ghost"
              size="sm"
              className="text-muted-foreground hover:text-foreground"
              onClick={askToClear}
              disabled={session.phase !== "idle"}
            >
              <RotateCcw /> {t("page.clear")}
            </Button>
          </div>
        </header>

        <Messages session={session} opened={opened} />

        <div className="shrink-0 border-t bg-background/80 px-3 pb-3 pt-3 backdrop-blur sm:px-5">
          <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-3">
            <Composer session={session} />
            <StatusFooter />
          </div>
        </div>
      </section>

      <ConfirmDialog
        open={confirmingClear}
        title={t("page.clearTitle")}
        description={t("page.clearText")}
        confirmLabel={t("page.clear")}
        pending={clearing}
        onConfirm={() => void clear()}
        onOpenChange={(open) => !open && setConfirmingClear(false)}
      />

      <ResearchDialog
        open={session.researchPrompt}
        onOpenChange={session.setResearchPrompt}
        onContinue={session.confirmResearch}
        budgetSeconds={session.budgetSeconds}
        onBudgetChange={session.setBudgetSeconds}
      />
    </main>
  );
}

/** `opened`: the message a search result opened, marked until another conversation is chosen. */
function Messages({ session, opened }: { session: ChatSession; opened: string | null }) {
  const { t } = useTranslation("chat");
  const { messages, phase, loadingConversation, hasOlder, loadingOlder, loadOlder } = session;
  // The next question is typed at once: the box takes the focus.
  const continueWith = (messageId: string, model: string) => {
    session.continueWith(messageId, model);
    document.getElementById("chat-input")?.focus();
  };
  const older = { hasOlder, loadingOlder, loadOlder };
  const busy = phase !== "idle";
  const MessageBubble = useMessageBubble(messages.length > 0);
  // Until their code is in, the messages are not on the page: the scroll follows them once they are.
  const shown = MessageBubble ? messages : [];
  // A question asked with files cannot be asked again: its files are not kept.
  const actionsFor = (m: ChatMessage, i: number): MessageActions => {
    const question = m.type === "user" ? m : messages[i - 1];
    const askable = !!session.activeId && question?.type === "user" && !question.attachments?.length;
    return {
      busy,
      onSelectVersion: session.selectVersion,
      ...(askable && m.type === "user" ? { onEdit: session.edit } : {}),
      ...(askable && m.type === "ai" ? { onRegenerate: session.regenerate } : {}),
    };
  };
  const { scroller, onScroll } = useThreadScroll({
    count: shown.length,
    lastId: shown.at(-1)?.id,
    waiting: phase === "awaiting",
    older,
    tail: shown.at(-1)?.state === "streaming" ? shown.at(-1)!.content.length : 0,
  });

  return (
    // Focusable, so the conversation scrolls from the keyboard even when no message holds a link or button.
    <div
      ref={scroller}
      onScroll={onScroll}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      data-testid="chat-messages"
    >
      <div className="mx-auto flex min-h-full w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-5">
        {loadingConversation || (messages.length > 0 && !MessageBubble) ? (
          <div className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> {t("page.loadingConversation")}
          </div>
        ) : messages.length === 0 && phase === "idle" ? (
          <Welcome onPick={(text) => session.setInput(text)} />
        ) : (
          <>
            <OlderMessages older={older} />
            <ol className="grid grid-cols-1 gap-6" aria-label={t("thread.messages")}>
              {MessageBubble &&
                messages.map((m, i) => (
                  <li
                    key={m.id}
                    id={messageAnchor(m.id)}
                    className={cn(
                      "scroll-mt-6 rounded-2xl",
                      m.id === opened && "ring-2 ring-primary/60 ring-offset-4 ring-offset-background",
                    )}
                    data-opened={m.id === opened || undefined}
                  >
                    <MessageBubble message={m} onContinue={continueWith} actions={actionsFor(m, i)} />
                  </li>
                ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}

/** The welcome screen's starting points; their words are in the catalog under welcome.<key>. */
const SUGGESTIONS = [
  { icon: Layers, key: "compare" },
  { icon: FileSpreadsheet, key: "document" },
  { icon: Sparkles, key: "write" },
  { icon: ImageIcon, key: "image" },
] as const;

function Welcome({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="m-auto flex w-full flex-col items-center py-8 text-center" data-testid="chat-welcome">
      <LogoMark className="size-12 shadow-lg shadow-primary/20" />
      <h2 className="mt-5 text-2xl font-semibold tracking-tight sm:text-3xl">{t("welcome.title", { product: PRODUCT_NAME })}</h2>
      <p className="mt-2 max-w-md text-balance text-muted-foreground">{t("welcome.text", { product: PRODUCT_NAME })}</p>
      <div className="mt-8 grid w-full gap-2.5 sm:grid-cols-2">
        {SUGGESTIONS.map(({ icon: Icon, key }) => (
          <button
            key={key}
            type="button"
            onClick={() => onPick(t(`welcome.${key}.text`))}
            className="group flex items-start gap-3 rounded-xl border bg-card p-3.5 text-left shadow-xs transition hover:border-primary/40 hover:shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary transition group-hover:bg-primary group-hover:text-primary-foreground">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{t(`welcome.${key}.title`)}</span>
              <span className="text-xs leading-5 text-muted-foreground">{t(`welcome.${key}.text`)}</span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
