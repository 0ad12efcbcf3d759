import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CONVERSATION_FULL } from "@quorum/core/chat/limits";
import { limitReachedMessage, usageKey } from "@/features/billing";
import { ApiError } from "@/lib/api";
import { prepareFiles, screenFiles, type AttachmentKind } from "./files";
import {
  DEFAULT_MODEL,
  MESSAGES,
  RESEARCH_MODEL,
  autoTitle,
  detailsOf,
  historyOf,
  loadedMessages,
  needsGeneratedTitle,
  newSessionId,
  outgoingText,
  savedState,
  toStored,
  unsavedMessages,
  usableGeneratedTitle,
  WELCOME_ID,
  type ChatMessage,
  type ConversationSummary,
  type ListType,
  type ModelValue,
  type SavedState,
} from "./model";
import {
  conversationsKey,
  createConversation,
  deleteConversation,
  fetchConversation,
  generateTitle,
  renameConversation,
  saveChanges,
  sendChat,
  uploadAttachment,
  type LoadedConversation,
} from "./queries";

/**
 * The chat workspace's state and transitions (spec doc 1 §4 'Chat send',
 * 'Conversation lifecycle', 'Research mode'): idle -> reading files -> awaiting
 * the reply -> reply appended (and the conversation created or saved) or an
 * error banner.
 */

export type Phase = "idle" | "reading" | "awaiting";

export interface PendingFile {
  id: string;
  file: File;
}

let fileSeq = 0;

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
  const [loadingConversation, setLoadingConversation] = React.useState(false);
  /** Where the loaded pages start: older messages are fetched from there on scroll up. */
  const [older, setOlder] = React.useState<number | null>(null);
  const [loadingOlder, setLoadingOlder] = React.useState(false);

  /** Bumped whenever the chat is switched or reset: a late answer must not land in another chat. */
  const epoch = React.useRef(0);
  /** Conversations that already had their one title generation. */
  const titled = React.useRef(new Set<string>());
  /** Per conversation: the version the next save is based on, and what its messages looked like when saved. */
  const versions = React.useRef(new Map<string, number>());
  const saved = React.useRef(new Map<string, SavedState>());
  const olderRef = React.useRef(older);
  olderRef.current = older;
  const loadingOlderRef = React.useRef(false);
  // Handlers read the latest state through refs, so they stay stable while a reply is awaited.
  const state = React.useRef({ messages, activeId, sessionId, model, researchConfirmed, input, files, phase });
  state.current = { messages, activeId, sessionId, model, researchConfirmed, input, files, phase };

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

  /** Takes in a loaded page as the latest state of the conversation: its version, and its messages as saved. */
  const remember = React.useCallback((id: string, page: LoadedConversation, list: ChatMessage[]) => {
    if (typeof page.version === "number") versions.current.set(id, page.version);
    const known = saved.current.get(id) ?? new Map<string, string>();
    for (const [key, value] of savedState(list.map(toStored))) known.set(key, value);
    saved.current.set(id, known);
  }, []);

  /**
   * Sends only the new or changed messages, from the version last seen. A 409 means
   * another tab saved first: the latest page is reloaded (the other tab's messages
   * join the view) and the save is tried once more from the new version.
   */
  const saveUnsaved = React.useCallback(
    async (id: string, list: ChatMessage[], sentEpoch: number) => {
      const changes = unsavedMessages(list, saved.current.get(id) ?? new Map());
      if (changes.length === 0) return;
      const save = () => saveChanges(listType, id, changes, versions.current.get(id) ?? 0);
      let result;
      try {
        result = await save();
      } catch (cause) {
        if (!(cause instanceof ApiError && cause.status === 409)) throw cause;
        const page = await fetchConversation(listType, id, uid);
        const latest = loadedMessages(page?.messages);
        remember(id, page, latest);
        if (epoch.current === sentEpoch) {
          const shown = new Set(latest.map((m) => m.id));
          setMessages([...latest, ...list.filter((m) => changes.some((c) => String(c.id) === m.id) && !shown.has(m.id))]);
          setOlder(page.hasMore ? (page.older ?? null) : null);
        }
        result = await save();
      }
      if (typeof result?.version === "number") versions.current.set(id, result.version);
      const known = saved.current.get(id) ?? new Map<string, string>();
      for (const [key, value] of savedState(changes)) known.set(key, value);
      saved.current.set(id, known);
    },
    [listType, uid, remember],
  );

  /** Saves after a reply: creates the conversation on the first one, else sends what changed. Failures are only logged, but a full conversation is said. */
  const persist = React.useCallback(
    async (conversationId: string | null, list: ChatMessage[], session: string, sentEpoch: number) => {
      const stored = list.filter((m) => m.id !== WELCOME_ID).map(toStored);
      try {
        if (conversationId === null) {
          const created = await createConversation(listType, uid, { title: autoTitle(list), messages: stored, sessionId: session });
          if (created?.id) {
            versions.current.set(created.id, created.version ?? 0);
            saved.current.set(created.id, savedState(stored));
            if (epoch.current === sentEpoch) setActiveId(created.id);
          }
          await refreshList();
        } else {
          await saveUnsaved(conversationId, list, sentEpoch);
          await refreshList();
          await maybeGenerateTitle(conversationId, knownTitle(conversationId), list);
        }
      } catch (cause) {
        console.error("Saving the conversation failed", cause);
        if (cause instanceof ApiError && cause.detail === CONVERSATION_FULL && epoch.current === sentEpoch) setError(CONVERSATION_FULL);
      }
    },
    [listType, uid, refreshList, maybeGenerateTitle, knownTitle, saveUnsaved],
  );

  const send = React.useCallback(
    async (options: { confirmed?: boolean } = {}) => {
      const s = state.current;
      if (s.phase !== "idle") return;
      const text = outgoingText(s.input, s.files.length);
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
      const withQuestion = [...before, userMessage];
      setMessages(withQuestion);
      setInput("");
      setFiles([]);
      setPhase("awaiting");

      try {
        const reply = await sendChat({
          model: s.model,
          message: text,
          files: payloads,
          history: historyOf(before),
          userId: uid || "anonymous",
        });
        const response = typeof reply?.response === "string" ? reply.response : "";
        if (!response.trim()) throw new Error("No response received from AI service");
        // A distinct id even when the reply comes back within the same millisecond.
        const aiMessage: ChatMessage = {
          id: String(Math.max(Date.now(), Number(userMessage.id) + 1)),
          type: "ai",
          content: response,
          timestamp: new Date().toISOString(),
          details: detailsOf(reply, s.model),
        };
        const all = [...withQuestion, aiMessage];
        if (epoch.current === sentEpoch) setMessages(all);
        void persist(s.activeId, all, s.sessionId, sentEpoch);
      } catch (cause) {
        if (epoch.current !== sentEpoch) return;
        const limit = limitReachedMessage(cause);
        if (limit) setLimitMessage(limit);
        else {
          console.error("Chat request failed", cause);
          setError(MESSAGES.noResponse);
        }
      } finally {
        if (epoch.current === sentEpoch) setPhase("idle");
        // The daily count moved (or the limit was hit): the usage line follows.
        void queryClient.invalidateQueries({ queryKey: usageKey });
      }
    },
    [uid, persist, queryClient],
  );

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
      setError(MESSAGES.clearFailed);
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
        versions.current.set(id, 0);
        saved.current.set(id, new Map());
        return setLoadingConversation(false);
      }
      setLoadingConversation(true);
      try {
        const loaded = await fetchConversation(listType, id, uid);
        if (epoch.current !== myEpoch) return;
        const list = loadedMessages(loaded?.messages);
        saved.current.delete(id);
        remember(id, loaded, list);
        setMessages(list);
        setOlder(loaded?.hasMore ? (loaded.older ?? null) : null);
        if (loaded?.sessionId) setSessionId(loaded.sessionId);
        void maybeGenerateTitle(id, loaded?.title ?? "", list);
      } catch (cause) {
        console.error("Loading the conversation failed", cause);
      } finally {
        if (epoch.current === myEpoch) setLoadingConversation(false);
      }
    },
    [listType, uid, maybeGenerateTitle, remember],
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
      remember(id, page, list);
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
  }, [listType, uid, remember]);

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
    const { accepted, error: refused } = screenFiles(kind, picked, state.current.files.length);
    setError(refused);
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
    clear,
    select,
    onDeleted,
    reset,
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
