import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CONVERSATION_FULL, MAX_CONVERSATION_MESSAGES } from "@quorum/core/chat/limits";
import type { ConversationPage, ListType } from "@quorum/core/conversation/schema";
import type { LimitRefusal } from "@quorum/core/billing/schema";
import type { ModelValue } from "@quorum/core/chat/schema";
import { limitRefusal, usageKey } from "@/features/billing";
import { ApiError } from "@/lib/api";
import type { StreamEventHandler } from "@/lib/stream";
import { readAnswerStream } from "./answer-stream";
import { chatText } from "./chat-text";
import { prepareFiles } from "./files";
import {
  RESEARCH_MODEL,
  applyStreamEvent,
  continuationOf,
  isBeingWritten,
  fromStored,
  historyOf,
  loadedMessages,
  newSessionId,
  outgoingText,
  streamingAnswer,
  type ChatMessage,
  type Continuation,
} from "./model";
import { deleteConversation, fetchConversation, selectBranch, streamChat, streamEdit, streamRegenerate, uploadAttachment } from "./queries";
import { useComposerState } from "./useComposerState";
import { useGeneratedTitle } from "./useGeneratedTitle";
import { useLiveAnswer, type Phase } from "./useLiveAnswer";
import { useOlderPages } from "./useOlderPages";

/** What a question to `model` carries besides: research mode's time budget and chosen synthesizer. */
function researchOptions(model: ModelValue, s: { budgetSeconds: number; synthesizer?: ModelValue | null }) {
  if (model !== RESEARCH_MODEL) return {};
  return { budgetSeconds: s.budgetSeconds, ...(s.synthesizer ? { synthesizer: s.synthesizer } : {}) };
}

/**
 * The chat workspace's state and transitions: idle -> reading files -> awaiting
 * the reply -> reply appended (the server stores the exchange) or an error banner.
 * The composer's draft, the answer being watched, titles and older pages each
 * live in their own hook; this one sends, loads and resets.
 */
export function useChatSession({
  uid,
  listType = "general",
  loadThread,
}: {
  uid: string;
  listType?: ListType;
  /** The code that shows messages, fetched beside a conversation being opened: it shows with its messages, not after. */
  loadThread?: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = React.useState<ChatMessage[]>([]);
  const [activeId, setActiveId] = React.useState<string | null>(null);
  const [sessionId, setSessionId] = React.useState(() => newSessionId());
  const [phase, setPhase] = React.useState<Phase>("idle");
  const [error, setError] = React.useState<string | null>(null);
  const [limit, setLimit] = React.useState<LimitRefusal | null>(null);
  const [loadingConversation, setLoadingConversation] = React.useState(false);
  /** "Continue with this model": the research answer whose card the chosen model carries on from. */
  const [continuing, setContinuing] = React.useState<Continuation | null>(null);

  /** Bumped whenever the chat is switched or reset: a late answer must not land in another chat. */
  const epoch = React.useRef(0);
  const composer = useComposerState({ onRefusal: setError });
  const live = useLiveAnswer({ listType, uid, epoch, setMessages, setPhase });
  const titles = useGeneratedTitle(listType, uid);
  // Handlers read the latest state through a ref, so they stay stable while a reply is awaited.
  const state = React.useRef({ messages, activeId, sessionId, phase, continuing, ...composer });
  state.current = { messages, activeId, sessionId, phase, continuing, ...composer };
  const currentId = React.useCallback(() => state.current.activeId, []);
  const pages = useOlderPages({ listType, uid, epoch, activeId: currentId, setMessages });

  /**
   * Follows one answer's stream into the thread: the shown question (`questionId`) and the
   * placeholder take the stored ids at `start`, then each event writes the answer. On a
   * refusal the placeholder goes (nothing was stored) and the banner says why. Answers the
   * outcome, or null when the answer failed.
   */
  const streamAnswer = React.useCallback(
    async (o: { sentEpoch: number; questionId: string; placeholderId: string; open: (onEvent: StreamEventHandler) => Promise<void> }) => {
      let answerId = o.placeholderId;
      const update = (change: (m: ChatMessage) => ChatMessage) => {
        if (epoch.current !== o.sentEpoch) return;
        setMessages((list) => list.map((m) => (m.id === answerId ? change(m) : m)));
      };
      try {
        const outcome = await readAnswerStream(o.open, {
          start: (start) => {
            const question = fromStored(start.question);
            const answer = fromStored(start.answer);
            answerId = answer.id;
            if (epoch.current !== o.sentEpoch) return;
            live.watch(start.conversationId, answer.id);
            setMessages((list) =>
              list.map((m) =>
                m.id === o.questionId
                  ? { ...question, attachments: m.attachments }
                  : m.id === o.placeholderId
                    ? { ...m, id: answer.id, timestamp: answer.timestamp }
                    : m,
              ),
            );
            if (state.current.activeId === null) setActiveId(start.conversationId);
            void titles.refreshList();
          },
          event: (event, data) => update((m) => applyStreamEvent(m, event, data)),
        });
        // The connection ended without the last event (a proxy, a network change): the server still finishes the answer.
        const following =
          outcome.stored && !outcome.finished ? live.follow(outcome.stored.conversationId, answerId, o.sentEpoch, outcome.lastId) : null;
        return { outcome, answerId, following };
      } catch (cause) {
        if (epoch.current !== o.sentEpoch) return null;
        const refusal = limitRefusal(cause);
        // Nothing was stored when the request was refused: the placeholder goes.
        if (answerId === o.placeholderId) setMessages((list) => list.filter((m) => m.id !== o.placeholderId));
        else update((m) => ({ ...m, state: "error", error: chatText("errors.noResponse") }));
        if (refusal) setLimit(refusal);
        else {
          console.error("Chat request failed", cause);
          setError(
            cause instanceof ApiError && cause.detail === CONVERSATION_FULL
              ? chatText("errors.conversationFull", { max: MAX_CONVERSATION_MESSAGES })
              : chatText("errors.noResponse"),
          );
        }
        return null;
      } finally {
        if (epoch.current === o.sentEpoch && !live.isFollowing()) live.settle();
        // The daily count moved (or the limit was hit): the usage line follows.
        void queryClient.invalidateQueries({ queryKey: usageKey });
      }
    },
    [queryClient, titles, live],
  );

  const send = React.useCallback(
    async (options: { confirmed?: boolean } = {}) => {
      const s = state.current;
      if (s.phase !== "idle") return;
      const text = outgoingText(s.input, s.files.length, chatText("filesOnly"));
      if (!text) return;
      if (s.model === RESEARCH_MODEL && !s.researchConfirmed && !options.confirmed) {
        s.setResearchPrompt(true);
        return;
      }
      const sentEpoch = epoch.current;
      const picked = s.files.map((f) => f.file);
      setError(null);
      setLimit(null);
      setPhase("reading");
      const payloads = await prepareFiles(picked, uploadAttachment);
      if (epoch.current !== sentEpoch) return setPhase("idle");

      const userMessage: ChatMessage = {
        id: Date.now().toString(),
        type: "user",
        content: text,
        timestamp: new Date().toISOString(),
        ...(picked.length ? { attachments: picked.map((f) => ({ filename: f.name, type: f.type })) } : {}),
      };
      const before = s.messages;
      const placeholder = streamingAnswer(String(Number(userMessage.id) + 1), s.model);
      setMessages([...before, userMessage, placeholder]);
      s.clearDraft();
      setPhase("awaiting");

      // The server stores the exchange itself; the answer is followed here as it is written.
      const request = {
        model: s.model,
        message: text,
        files: payloads,
        history: historyOf(before),
        userId: uid || "anonymous",
        conversationId: s.activeId,
        sessionId: s.sessionId,
        ...researchOptions(s.model, s),
        ...(s.continuing && s.continuing.model === s.model ? { continueFrom: s.continuing.messageId } : {}),
      };
      const result = await streamAnswer({
        sentEpoch,
        questionId: userMessage.id,
        placeholderId: placeholder.id,
        open: (onEvent) => streamChat(request, onEvent),
      });
      const conversationId = result?.outcome.stored?.conversationId ?? s.activeId;
      if (result && conversationId) {
        await titles.refreshList();
        void titles.maybeGenerateTitle(conversationId, titles.knownTitle(conversationId), [userMessage]);
      }
    },
    [uid, titles, streamAnswer],
  );

  /** Shows a conversation's page as the server has it now (after a branch was chosen or written). */
  const show = React.useCallback(
    (page: ConversationPage, myEpoch: number) => {
      if (epoch.current !== myEpoch) return;
      setMessages(loadedMessages(page.messages));
      pages.setOlder(page.hasMore ? (page.older ?? null) : null);
    },
    [pages],
  );

  /**
   * An edited question (`edit`, its new words) or a regenerated answer (`messageId` is the
   * answer): the thread is cut where the new version goes, the answer streams in, and the
   * page is read again so ‹ n/m › counts the versions.
   */
  const branch = React.useCallback(
    async (messageId: string, change: { edit: string } | { model: ModelValue }) => {
      const s = state.current;
      const id = s.activeId;
      const at = s.messages.findIndex((m) => m.id === messageId);
      if (s.phase !== "idle" || !id || at < 0) return;
      const sentEpoch = epoch.current;
      const model = "model" in change ? change.model : s.model;
      const choice = {
        model,
        ...researchOptions(model, s),
      };
      const now = Date.now();
      const question: ChatMessage | null =
        "edit" in change ? { id: `edit-${now}`, type: "user", content: change.edit, timestamp: new Date(now).toISOString() } : null;
      const placeholder = streamingAnswer(`answer-${now}`, model);
      setError(null);
      setLimit(null);
      setMessages([...s.messages.slice(0, at), ...(question ? [question] : []), placeholder]);
      setPhase("awaiting");
      const result = await streamAnswer({
        sentEpoch,
        questionId: question?.id ?? s.messages[at - 1]?.id ?? "",
        placeholderId: placeholder.id,
        open: (onEvent) =>
          "edit" in change
            ? streamEdit(id, messageId, { ...choice, message: change.edit }, onEvent)
            : streamRegenerate(id, messageId, choice, onEvent),
      });
      await result?.following;
      // Refused, or written: either way the server's page is the truth (the earlier versions, the counts).
      try {
        show(await fetchConversation(listType, id, uid), sentEpoch);
      } catch (cause) {
        console.error("Reloading the conversation failed", cause);
      }
      void titles.refreshList();
    },
    [listType, uid, streamAnswer, show, titles],
  );

  /** Shows the branch holding the version `messageId`, the server keeping the choice; false when it could not (a message since deleted). */
  const showVersion = React.useCallback(
    async (messageId: string) => {
      const id = state.current.activeId;
      if (!id || state.current.phase !== "idle") return false;
      const myEpoch = epoch.current;
      try {
        show(await selectBranch(id, messageId), myEpoch);
        void titles.refreshList();
        return true;
      } catch (cause) {
        console.error("Choosing a version failed", cause);
        return false;
      }
    },
    [show, titles],
  );

  /** ‹ n/m ›: the version chosen, or the reason it is not shown. */
  const selectVersion = React.useCallback(
    async (messageId: string) => {
      if (state.current.phase === "idle" && !(await showVersion(messageId))) setError(chatText("errors.noResponse"));
    },
    [showVersion],
  );

  /** Another chat is shown: whatever was on screen, and any late answer to it, is left behind. */
  const leave = React.useCallback(() => {
    const myEpoch = ++epoch.current;
    setMessages([]);
    setError(null);
    setLimit(null);
    setPhase("idle");
    setContinuing(null);
    pages.forget();
    return myEpoch;
  }, [pages]);

  const reset = React.useCallback(() => {
    leave();
    setActiveId(null);
    setSessionId(newSessionId());
    setLoadingConversation(false);
  }, [leave]);

  /** Clear Chat: deletes an active conversation on the server; a fresh chat is only reset. */
  const clear = React.useCallback(async () => {
    const id = state.current.activeId;
    if (id === null) return reset();
    try {
      await deleteConversation(listType, id, uid);
      reset();
      await titles.refreshList();
    } catch (cause) {
      console.error("Clearing the chat failed", cause);
      setError(chatText("errors.clearFailed"));
    }
  }, [listType, uid, reset, titles]);

  /** Selecting a conversation loads its latest page; a failed load leaves the chat empty. */
  const select = React.useCallback(
    async (id: string, options: { empty?: boolean } = {}) => {
      const myEpoch = leave();
      setActiveId(id);
      setLoadingConversation(!options.empty);
      if (options.empty) return;
      try {
        const [loaded] = await Promise.all([fetchConversation(listType, id, uid), loadThread?.()]);
        if (epoch.current !== myEpoch) return;
        const list = loadedMessages(loaded?.messages);
        setMessages(list);
        // A thread that went on with one model from a research answer goes on with it.
        const continued = continuationOf(list);
        if (continued) {
          composer.setModel(continued.model);
          setContinuing(continued);
        }
        pages.setOlder(loaded?.hasMore ? (loaded.older ?? null) : null);
        const last = list.at(-1);
        // The sidebar's preview follows once the answer is written.
        if (last && isBeingWritten(last)) void live.follow(id, last.id, myEpoch).then(() => titles.refreshList());
        if (loaded?.sessionId) setSessionId(loaded.sessionId);
        void titles.maybeGenerateTitle(id, loaded?.title ?? "", list);
      } catch (cause) {
        console.error("Loading the conversation failed", cause);
      } finally {
        if (epoch.current === myEpoch) setLoadingConversation(false);
      }
    },
    [listType, uid, loadThread, leave, pages, live, titles, composer.setModel],
  );

  /** The sidebar deleted a conversation: when it was the open one, the selection is cleared. */
  const onDeleted = React.useCallback(
    (id: string) => {
      if (state.current.activeId === id) reset();
    },
    [reset],
  );

  const { setResearchConfirmed, setResearchPrompt, setModel: chooseModel } = composer;

  /** Another model ends a continuation; the same one keeps it. */
  const setModel = React.useCallback(
    (value: ModelValue) => {
      chooseModel(value);
      setContinuing((current) => (current && current.model !== value ? null : current));
    },
    [chooseModel],
  );

  /** "Continue with this model": the next questions go to that model, with its card's answer as the context. */
  const continueWith = React.useCallback(
    (messageId: string, model: string) => {
      chooseModel(model as ModelValue);
      setContinuing({ messageId, model: model as ModelValue });
    },
    [chooseModel],
  );
  const confirmResearch = React.useCallback(() => {
    setResearchConfirmed(true);
    setResearchPrompt(false);
    void send({ confirmed: true });
  }, [setResearchConfirmed, setResearchPrompt, send]);

  return {
    messages,
    activeId,
    sessionId,
    model: composer.model,
    setModel,
    continuing,
    continueWith,
    endContinuation: () => setContinuing(null),
    synthesizer: composer.synthesizer,
    setSynthesizer: composer.setSynthesizer,
    researchConfirmed: composer.researchConfirmed,
    researchPrompt: composer.researchPrompt,
    setResearchPrompt: composer.setResearchPrompt,
    confirmResearch,
    input: composer.input,
    setInput: composer.setInput,
    files: composer.files,
    addFiles: composer.addFiles,
    removeFile: composer.removeFile,
    phase,
    error,
    dismissError: () => setError(null),
    limit,
    dismissLimit: () => setLimit(null),
    loadingConversation,
    hasOlder: pages.hasOlder,
    loadingOlder: pages.loadingOlder,
    loadOlder: pages.loadOlder,
    send,
    edit: (messageId: string, text: string) => branch(messageId, { edit: text }),
    regenerate: (messageId: string, model: ModelValue) => branch(messageId, { model }),
    selectVersion,
    showVersion,
    stop: live.stop,
    stoppable: live.stoppable,
    budgetSeconds: composer.budgetSeconds,
    setBudgetSeconds: composer.setBudgetSeconds,
    clear,
    select,
    onDeleted,
    reset,
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
