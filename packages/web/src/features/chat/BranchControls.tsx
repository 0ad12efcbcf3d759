import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight, Pencil, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { MAX_MESSAGE_CHARS } from "@quorum/core/chat/limits";
import type { ModelValue } from "@quorum/core/chat/schema";
import type { BranchPlace } from "@quorum/core/conversation/schema";
import { modelCatalogQuery } from "@/features/models/queries";
import { MODEL_OPTIONS, RESEARCH_MODEL, modelOption } from "./model";

/**
 * Edit, regenerate and ‹ n/m ›: a question asked again in new words, or an answer
 * written again, is kept beside the earlier version, and these move between them.
 */

/** What the thread lets a message do; absent where it is read-only (a shared conversation). */
export interface MessageActions {
  /** An answer is being written: nothing branches meanwhile. */
  busy: boolean;
  /** Absent when the message cannot be asked again (its question came with files, which are not kept). */
  onEdit?: (messageId: string, text: string) => void;
  onRegenerate?: (messageId: string, model: ModelValue) => void;
  onSelectVersion: (messageId: string) => void;
}

/** ‹ 2/3 ›: the versions of one message, oldest first. */
export function VersionSwitch({ place, disabled, onSelect }: { place: BranchPlace; disabled: boolean; onSelect: (id: string) => void }) {
  const { t } = useTranslation("chat");
  const go = (index: number) => onSelect(place.ids[index - 1]!);
  return (
    <div
      className="inline-flex items-center text-xs tabular-nums text-muted-foreground"
      role="group"
      aria-label={t("branch.version", { index: place.index, count: place.count })}
      data-testid="version-switch"
    >
      <Button
        variant="ghost"
        size="icon"
        className="size-6"
        disabled={disabled || place.index <= 1}
        onClick={() => go(place.index - 1)}
        aria-label={t("branch.previous")}
      >
        <ChevronLeft className="size-3.5" />
      </Button>
      <span data-testid="version-position">
        {place.index}/{place.count}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-6"
        disabled={disabled || place.index >= place.count}
        onClick={() => go(place.index + 1)}
        aria-label={t("branch.next")}
      >
        <ChevronRight className="size-3.5" />
      </Button>
    </div>
  );
}

export function EditButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-6 text-muted-foreground"
      disabled={disabled}
      onClick={onClick}
      aria-label={t("branch.edit")}
      title={t("branch.edit")}
    >
      <Pencil className="size-3.5" />
    </Button>
  );
}

/** The question in a box to change; saving asks it again (the first version stays). */
export function EditForm({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("chat");
  const [text, setText] = React.useState(initial);
  const changed = text.trim() !== "" && text.trim() !== initial.trim();
  return (
    <form
      className="grid w-full gap-2 rounded-2xl border bg-card p-3 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) onSave(text.trim());
      }}
      data-testid="edit-form"
    >
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && onCancel()}
        maxLength={MAX_MESSAGE_CHARS}
        aria-label={t("branch.editLabel")}
        className="min-h-24 text-[15px]"
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t("branch.cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={!changed}>
          {t("branch.save")}
        </Button>
      </div>
    </form>
  );
}

/** Regenerate, with the model to write it: the answer's own first, then the others the plan includes. */
export function RegenerateMenu({
  requested,
  disabled,
  onPick,
}: {
  requested?: string;
  disabled: boolean;
  onPick: (model: ModelValue) => void;
}) {
  const { t } = useTranslation("chat");
  const catalog = useQuery(modelCatalogQuery());
  const allowed = new Set((catalog.data?.models ?? []).filter((m) => m.allowed).map((m) => m.value));
  const options = MODEL_OPTIONS.filter((o) => allowed.has(o.value));
  const same = options.find((o) => o.value === requested);
  const ordered = same ? [same, ...options.filter((o) => o !== same)] : options;
  return (
    // No value is kept: every pick is a new regeneration.
    <Select value="" onValueChange={(v) => onPick(v as ModelValue)} disabled={disabled || catalog.isPending}>
      <SelectTrigger
        aria-label={t("branch.regenerate")}
        className="h-6 w-auto gap-1 border-transparent bg-transparent px-1.5 text-xs text-muted-foreground shadow-none hover:bg-accent"
        data-testid="regenerate"
      >
        <RefreshCw className="size-3.5" aria-hidden="true" />
        <span>{t("branch.regenerate")}</span>
      </SelectTrigger>
      <SelectContent className="w-56" align="start" side="top" sideOffset={4}>
        <SelectGroup>
          <SelectLabel>{t("branch.regenerateWith")}</SelectLabel>
          {ordered.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o === same
                ? t("branch.sameModel", { model: modelOption(o.value)?.label ?? o.value })
                : o.value === RESEARCH_MODEL
                  ? `${o.label} (${t("message.researchMode")})`
                  : o.label}
            </SelectItem>
          ))}
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}
