import * as React from "react";
import { DEFAULT_RESEARCH_BUDGET_SECONDS } from "@quorum/core/chat/limits";
import { DEFAULT_MODEL, type AttachmentKind, type ModelValue } from "@quorum/core/chat/schema";
import type { ModelChoice } from "@quorum/core/ai/types";
import { chatText } from "./chat-text";
import { screenFiles } from "./files";
import { RESEARCH_MODEL } from "./model";
import { refusalText } from "./texts";

/** What the composer holds before a question is sent: the text, the picked files, the model and research mode's choices. */

interface PendingFile {
  id: string;
  file: File;
}

let fileSeq = 0;

export function useComposerState({ onRefusal }: { onRefusal: (message: string | null) => void }) {
  const [model, setModelValue] = React.useState<ModelValue>(DEFAULT_MODEL);
  const [researchConfirmed, setResearchConfirmed] = React.useState(false);
  const [researchPrompt, setResearchPrompt] = React.useState(false);
  const [input, setInput] = React.useState("");
  const [files, setFiles] = React.useState<PendingFile[]>([]);
  const [budgetSeconds, setBudgetSeconds] = React.useState<number>(DEFAULT_RESEARCH_BUDGET_SECONDS);
  /** Research mode's synthesizer; null leaves it to the server (the strongest available). */
  const [synthesizer, setSynthesizer] = React.useState<ModelChoice | null>(null);
  const filesRef = React.useRef(files);
  filesRef.current = files;

  /** Picking another model takes back the research-mode confirmation. */
  const setModel = React.useCallback((value: ModelValue) => {
    setModelValue(value);
    if (value !== RESEARCH_MODEL) setResearchConfirmed(false);
  }, []);

  const addFiles = React.useCallback(
    (kind: AttachmentKind, picked: File[]) => {
      if (picked.length === 0) return;
      const { accepted, refusal } = screenFiles(kind, picked, filesRef.current.length);
      onRefusal(refusal && refusalText(chatText, refusal));
      if (accepted.length) setFiles((current) => [...current, ...accepted.map((file) => ({ id: `f${++fileSeq}`, file }))]);
    },
    [onRefusal],
  );

  const removeFile = React.useCallback((id: string) => setFiles((current) => current.filter((f) => f.id !== id)), []);

  /** The question went out: the composer empties. */
  const clearDraft = React.useCallback(() => {
    setInput("");
    setFiles([]);
  }, []);

  return {
    model,
    setModel,
    researchConfirmed,
    setResearchConfirmed,
    researchPrompt,
    setResearchPrompt,
    input,
    setInput,
    files,
    addFiles,
    removeFile,
    clearDraft,
    budgetSeconds,
    setBudgetSeconds,
    synthesizer,
    setSynthesizer,
  };
}
