import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CONVERSATION_FULL, DEFAULT_RESEARCH_BUDGET_SECONDS, MAX_CONVERSATION_MESSAGES } from "@quorum/core/chat/limits";
import { STREAM_EVENTS } from "@quorum/core/chat/stored";
import { limitReachedMessage, usageKey } from "@/features/billing";
import { i18next } from "@/i18n";
import { ApiError } from "@/lib/api";
import { prepareFiles, screenFiles, type AttachmentKind } from "./files";
import { refusalText } from "./texts";
import {
  DEFAULT_MODEL,
  RESEARCH_MODEL,
  applyStreamEvent,
  isBeingWritten,
  fromStored,
  historyOf,
  loadedMessages,
  needsGeneratedTitle,
  newSessionId,
  outgoingText,
  streamingAnswer,
  usableGeneratedTitle,
  type ChatMessage,
  type ConversationSummary,
  type ListType,
  type ModelValue,
} from "./model";
import {
  conversationsKey,
  deleteConversation,
  fetchConversation,
  generateTitle,
  renameConversation,
  stopAnswer,
  streamChat,
  uploadAttachment,
} from "./queries";

/** The chat catalog's text in the language on screen when it is shown (errors are worded as they happen). */
const chatText = i18next.getFixedT(null, "chat");

/**
 * The chat workspace's state and transitions: idle -> reading files -> awaiting
 * the reply -> reply appended (and the conversation created or saved) or an
 * error banner.
 */

export type Phase = "idle" | "reading" | "awaiting";

export interface PendingFile {
  id: string;
  file: File;
}

let fileSeq = 0;

/** How often an answer the server is still writing is read again. */
const FOLLOW_POLL_MS = 1000;

export function useChatSession({ uid, listType = "general" }: { uid: string; listType?: ListType }) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = React.useState<ChatMessage[]>([]);
  const [activeId, setActiveId] = React.useState<string | null>(null);
  const [sessionId, setSessionId] = React.useState(() => newSessionId());
  const [model, setModelValue] = React.useState<ModelValue>(DEFAULT_MODEL);
  const [researchConfirmed, setResearchConfirmed] = React.useState(false);
  const [researchPrompt, setResearchPrompt] = React.useState(false);
  const [input, setInput] = React.useState("");
  const [files, setFiles] = React.useState<PendingFile[]>([]);
  const [phase, setPhase] = React.useState<Phase>("idle");
  const [error, setError] = React.useState<string | null>(null);
  const [limitMessage, setLimitMessage] = React.useState<string | null>(null);
  const [budgetSeconds, setBudgetSeconds] = React.useState<number>(DEFAULT_RESEARCH_BUDGET_SECONDS);
  /** The answer this tab is following as it is written, for Stop. */
  const streaming = React.useRef<{ conversationId: string; answerId: string } | null>(null);
  const [stoppable, setStoppable] = React.useState(false);
  const [loadingConversation, setLoadingConversation] = React.useState(false);
  /** Where the loaded pages start: older messages are fetched from there on scroll up. */
  const [older, setOlder] = React.useState<number | null>(null);
  const [loadingOlder, setLoadingOlder] = React.useState(false);

  /** Bumped whenever the chat is switched or reset: a late answer must not land in another chat. */
  const epoch = React.useRef(0);
  /** Conversations that already had their one title generation. */
  const titled = React.useRef(new Set<string>());
  const olderRef = React.useRef(older);
  olderRef.current = older;
  const loadingOlderRef = React.useRef(false);
  // Handlers read the latest state through refs, so they stay stable while a reply is awaited.
  const state = React.useRef({ messages, activeId, sessionId, model, researchConfirmed, input, files, phase, budgetSeconds });
  state.current = { messages, activeId, sessionId, model, researchConfirmed, input, files, phase, budgetSeconds };

  const refreshList = React.useCallback(
    () => queryClient.invalidateQueries({ queryKey: conversationsKey(listType, uid) }),
    [queryClient, listType, uid],
  );

  const knownTitle = React.useCallback(
    (id: string): string | undefined =>
      queryClient.getQueryData<ConversationSummary[]>(conversationsKey(listType, uid))?.find((c) => c.id === id)?.title,
    [queryClient, listType, uid],
  );

  /** Once per conversation: a generic title with a user message in it gets a generated one. */
  const maybeGenerateTitle = React.useCallback(
    async (id: string, title: string | undefined, list: ChatMessage[]) => {
      if (title === undefined || !needsGeneratedTitle(title) || titled.current.has(id)) return;
      const first = list.find((m) => m.type === "user" && m.content.trim());
      if (!first) return;
      titled.current.add(id);
      try {
        const generated = usableGeneratedTitle(await generateTitle(first.content, uid));
        if (!generated) return;
        await renameConversation(listType, id, generated);
        await refreshList();
      } catch (cause) {
        console.error("Title generation failed", cause);
      }
    },
    [uid, listType, refreshList],
  );

  /**
   * An answer the server is still writing (after a reload, or a connection that
   * dropped): the conversation is read again until the answer is complete, stopped
   * or broken off. Stop works meanwhile.
   */
  const following = React.useRef(false);
  const follow = React.useCallback(
    async (conversationId: string, answerId: string, myEpoch: number) => {
      following.current = true;
      streaming.current = { conversationId, answerId };
      setStoppable(true);
      setPhase("awaiting");
      try {
        while (epoch.current === myEpoch) {
          await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
          if (epoch.current !== myEpoch) return;
          const page = await fetchConversation(listType, conversationId, uid);
          const answer = loadedMessages(page?.messages).find((m) => m.id === answerId);
          if (epoch.current !== myEpoch) return;
          if (answer?.state === "streaming") continue;
          setMessages((list) => list.map((m) => (m.id === answerId && answer ? answer : m)));
          return;
        }
      } catch (cause) {
        console.error("Following the answer failed", cause);
      } finally {
        following.current = false;
        if (epoch.current === myEpoch) {
          streaming.current = null;
          setStoppable(false);
          setPhase("idle");
        }
      }
    },
    [listType, uid],
  );

  const send = React.useCallback(
    async (options: { confirmed?: boolean } = {}) => {
      const s = state.current;
      if (s.phase !== "idle") return;
      const text = outgoingText(s.input, s.files.length, chatText("filesOnly"));
      if (!text) return;
      if (s.model === RESEARCH_MODEL && !s.researchConfirmed && !options.confirmed) {
        setResearchPrompt(true);
        return;
      }
      const sentEpoch = epoch.current;
      const picked = s.files.map((f) => f.file);
      setError(null);
      setLimitMessage(null);
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
      setInput("");
      setFiles([]);
      setPhase("awaiting");

      // The server stores the exchange itself; the answer is followed here as it is written.
      let ids = { question: userMessage.id, answer: placeholder.id };
      let conversationId = s.activeId;
      let finished = false;
      const update = (change: (m: ChatMessage) => ChatMessage) => {
        if (epoch.current !== sentEpoch) return;
        setMessages((list) => list.map((m) => (m.id === ids.answer ? change(m) : m)));
      };
      try {
        await streamChat(
          {
            model: s.model,
            message: text,
            files: payloads,
            history: historyOf(before),
            userId: uid || "anonymous",
            conversationId: s.activeId,
            sessionId: s.sessionId,
            ...(s.model === RESEARCH_MODEL ? { budgetSeconds: s.budgetSeconds } : {}),
          },
          (event, data: any) => {
            if (event === STREAM_EVENTS.start) {
              const question = fromStored(data.question);
              const answer = fromStored(data.answer);
              const local = ids;
              ids = { question: question.id, answer: answer.id };
              conversationId = data.conversationId;
              streaming.current = { conversationId: data.conversationId, answerId: answer.id };
              if (epoch.current !== sentEpoch) return;
              setMessages((list) =>
                list.map((m) =>
                  m.id === local.question
                    ? { ...question, attachments: m.attachments }
                    : m.id === local.answer
                      ? { ...m, id: answer.id, timestamp: answer.timestamp }
                      : m,
                ),
              );
              setStoppable(true);
              if (s.activeId === null) setActiveId(data.conversationId);
              void refreshList();
              return;
            }
            if (event === STREAM_EVENTS.done || event === STREAM_EVENTS.error) finished = true;
            update((m) => applyStreamEvent(m, event, data));
          },
        );
        // The connection ended without the last event (a proxy, a network change): the server still finishes the answer.
        if (conversationId && ids.answer !== placeholder.id && !finished) void follow(conversationId, ids.answer, sentEpoch);
        if (conversationId) {
          await refreshList();
          void maybeGenerateTitle(conversationId, knownTitle(conversationId), [userMessage]);
        }
      } catch (cause) {
        if (epoch.current !== sentEpoch) return;
        const limit = limitReachedMessage(cause);
        // Nothing was stored when the request was refused: the placeholder goes.
        if (ids.answer === placeholder.id) setMessages((list) => list.filter((m) => m.id !== placeholder.id));
        else update((m) => ({ ...m, state: "error", error: chatText("errors.noResponse") }));
        if (limit) setLimitMessage(limit);
        else {
          console.error("Chat request failed", cause);
          setError(
            cause instanceof ApiError && cause.detail === CONVERSATION_FULL
              ? chatText("errors.conversationFull", { max: MAX_CONVERSATION_MESSAGES })
              : chatText("errors.noResponse"),
          );
        }
      } finally {
        if (epoch.current === sentEpoch && !following.current) {
          streaming.current = null;
          setStoppable(false);
          setPhase("idle");
        }
        // The daily count moved (or the limit was hit): the usage line follows.
        void queryClient.invalidateQueries({ queryKey: usageKey });
      }
    },
    [uid, queryClient, refreshList, maybeGenerateTitle, knownTitle, follow],
  );

  /** Stop: the server cancels the models' requests; the stream then ends with the answer as far as it got. */
  const stop = React.useCallback(async () => {
    const current = streaming.current;
    if (!current) return;
    try {
      await stopAnswer(listType, current.conversationId, current.answerId);
    } catch (cause) {
      console.error("Stopping the answer failed", cause);
    }
  }, [listType]);

  const reset = React.useCallback(() => {
    epoch.current++;
    setMessages([]);
    setActiveId(null);
    setSessionId(newSessionId());
    setError(null);
    setLimitMessage(null);
    setPhase("idle");
    setLoadingConversation(false);
    setOlder(null);
    setLoadingOlder(false);
  }, []);

  /** Clear Chat: deletes an active conversation on the server; a fresh chat is only reset. */
  const clear = React.useCallback(async () => {
    const id = state.current.activeId;
    if (id === null) return reset();
    try {
      await deleteConversation(listType, id, uid);
      reset();
      await refreshList();
    } catch (cause) {
      console.error("Clearing the chat failed", cause);
      setError(chatText("errors.clearFailed"));
    }
  }, [listType, uid, reset, refreshList]);

  /** Selecting a conversation loads its latest page; a failed load leaves the chat empty. */
  const select = React.useCallback(
    async (id: string, options: { empty?: boolean } = {}) => {
      const myEpoch = ++epoch.current;
      setActiveId(id);
      setMessages([]);
      setError(null);
      setLimitMessage(null);
      setPhase("idle");
      setOlder(null);
      setLoadingOlder(false);
      if (options.empty) {
        return setLoadingConversation(false);
      }
      setLoadingConversation(true);
      try {
        const loaded = await fetchConversation(listType, id, uid);
        if (epoch.current !== myEpoch) return;
        const list = loadedMessages(loaded?.messages);
        setMessages(list);
        setOlder(loaded?.hasMore ? (loaded.older ?? null) : null);
        const last = list.at(-1);
        if (last && isBeingWritten(last)) void follow(id, last.id, myEpoch);
        if (loaded?.sessionId) setSessionId(loaded.sessionId);
        void maybeGenerateTitle(id, loaded?.title ?? "", list);
      } catch (cause) {
        console.error("Loading the conversation failed", cause);
      } finally {
        if (epoch.current === myEpoch) setLoadingConversation(false);
      }
    },
    [listType, uid, maybeGenerateTitle, follow],
  );

  /** Scrolling up past the first loaded message fetches the page before it. */
  const loadOlder = React.useCallback(async () => {
    const id = state.current.activeId;
    const before = olderRef.current;
    if (id === null || before === null || loadingOlderRef.current) return;
    const myEpoch = epoch.current;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    try {
      const page = await fetchConversation(listType, id, uid, before);
      if (epoch.current !== myEpoch) return;
      const list = loadedMessages(page?.messages);
      setMessages((current) => {
        const shown = new Set(current.map((m) => m.id));
        return [...list.filter((m) => !shown.has(m.id)), ...current];
      });
      setOlder(page?.hasMore ? (page.older ?? null) : null);
    } catch (cause) {
      console.error("Loading older messages failed", cause);
    } finally {
      loadingOlderRef.current = false;
      if (epoch.current === myEpoch) setLoadingOlder(false);
    }
  }, [listType, uid]);

  /** The sidebar deleted a conversation: when it was the open one, the selection is cleared. */
  const onDeleted = React.useCallback(
    (id: string) => {
      if (state.current.activeId === id) reset();
    },
    [reset],
  );

  /** Picking another model takes back the research-mode confirmation. */
  const setModel = React.useCallback((value: ModelValue) => {
    setModelValue(value);
    if (value !== RESEARCH_MODEL) setResearchConfirmed(false);
  }, []);

  const confirmResearch = React.useCallback(() => {
    setResearchConfirmed(true);
    setResearchPrompt(false);
    void send({ confirmed: true });
  }, [send]);

  const addFiles = React.useCallback((kind: AttachmentKind, picked: File[]) => {
    if (picked.length === 0) return;
    const { accepted, refusal } = screenFiles(kind, picked, state.current.files.length);
    setError(refusal && refusalText(chatText, refusal));
    if (accepted.length) setFiles((current) => [...current, ...accepted.map((file) => ({ id: `f${++fileSeq}`, file }))]);
  }, []);

  const removeFile = React.useCallback((id: string) => setFiles((current) => current.filter((f) => f.id !== id)), []);

  return {
    messages,
    activeId,
    sessionId,
    model,
    setModel,
    researchConfirmed,
    researchPrompt,
    setResearchPrompt,
    confirmResearch,
    input,
    setInput,
    files,
    addFiles,
    removeFile,
    phase,
    error,
    dismissError: () => setError(null),
    limitMessage,
    dismissLimit: () => setLimitMessage(null),
    loadingConversation,
    hasOlder: older !== null,
    loadingOlder,
    loadOlder,
    send,
    stop,
    stoppable,
    budgetSeconds,
    setBudgetSeconds,
    clear,
    select,
    onDeleted,
    reset,
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
