import * as React from "react";
import { MessageSquare, MessagesSquare, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MAX_TITLE_CHARS, type ConversationSummary, type ListType } from "@quorum/core/conversation/schema";
import { openSearch, useSearchReady } from "@/features/search/SearchShortcut";
import { previewText } from "./model";
import { useConversations, useCreateEmptyConversation, useDeleteConversation, useRenameConversation } from "./queries";

/** The search palette's shortcut as this computer writes it. */
const SHORTCUT = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent) ? "⌘K" : "Ctrl K";

/**
 * The conversation sidebar: 'General Chat' for the general list,
 * 'Projects Chat' for the projects list; the same component serves both.
 */

export interface ConversationSidebarProps {
  listType: ListType;
  uid: string;
  activeId: string | null;
  onSelect: (id: string) => void;
  /** A conversation made with the new-conversation button; it opens empty. */
  onCreated?: (id: string) => void;
  onDeleted?: (id: string) => void;
  /** How a stored title reads in the reader's language, when the list knows better (titles the server gave). */
  titleOf?: (title: string) => string;
  className?: string;
}

export function ConversationSidebar({
  listType,
  uid,
  activeId,
  onSelect,
  onCreated,
  onDeleted,
  titleOf,
  className,
}: ConversationSidebarProps) {
  const { t } = useTranslation("chat");
  const list = useConversations(listType, uid);
  const create = useCreateEmptyConversation(listType, uid);
  const [deleting, setDeleting] = React.useState<ConversationSummary | null>(null);
  const searchReady = useSearchReady();
  // A failed fetch (after its one retry) reads as an empty list.
  const conversations = list.data ?? [];
  const loading = list.isPending && list.fetchStatus !== "idle";
  const titleId = `${listType}-conversations-title`;

  return (
    <aside className={cn("flex min-h-0 flex-col", className)} aria-labelledby={titleId} data-testid="conversation-sidebar">
      <div className="flex items-start justify-between gap-2 px-4 pb-3 pt-4">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold tracking-tight">
            {t(`sidebar.title.${listType}`)}
          </h2>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {loading ? "\u00a0" : t("sidebar.count", { count: conversations.length })}
          </p>
        </div>
        <Button
          size="icon"
          variant="outline"
          className="size-8 shrink-0 rounded-lg"
          aria-label={t("sidebar.new")}
          title={t("sidebar.new")}
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (created) => {
                if (created?.id) onCreated?.(created.id);
              },
              onError: (cause) => console.error("Creating a conversation failed", cause),
            })
          }
        >
          {create.isPending ? <Spinner /> : <Plus />}
        </Button>
      </div>

      <div className="px-3 pb-2">
        <Button
          variant="outline"
          size="sm"
          className="w-full justify-start gap-2 font-normal text-muted-foreground"
          onClick={openSearch}
          disabled={!searchReady}
          aria-keyshortcuts="Control+K Meta+K"
        >
          <Search aria-hidden="true" />
          <span className="flex-1 text-left">{t("sidebar.search")}</span>
          <kbd className="rounded border bg-muted px-1.5 font-sans text-[11px]" aria-hidden="true">
            {SHORTCUT}
          </kbd>
        </Button>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {loading ? (
          <ul className="grid gap-1 px-1" aria-label={t("sidebar.loading")} aria-busy="true">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="grid gap-2 rounded-lg px-2 py-2.5" data-testid="conversation-skeleton">
                <Skeleton className="h-3.5 w-3/4" />
                <Skeleton className="h-3 w-full" />
                <Skeleton className="h-2.5 w-1/3" />
              </li>
            ))}
          </ul>
        ) : conversations.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-10 text-center">
            <div className="mb-3 flex size-10 items-center justify-center rounded-xl bg-muted text-muted-foreground">
              <MessagesSquare className="size-5" aria-hidden="true" />
            </div>
            <p className="text-sm font-medium">{t("sidebar.empty")}</p>
            <p className="mt-0.5 text-xs text-muted-foreground">{t("sidebar.emptyHint")}</p>
          </div>
        ) : (
          <ul className="grid gap-0.5" aria-label={t("sidebar.list")}>
            {conversations.map((c) => (
              <ConversationItem
                key={c.id}
                conversation={c}
                titleOf={titleOf}
                listType={listType}
                uid={uid}
                active={c.id === activeId}
                onSelect={() => onSelect(c.id)}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </ul>
        )}
      </div>

      <DeleteConversationDialog
        listType={listType}
        uid={uid}
        conversation={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => onDeleted?.(id)}
      />
    </aside>
  );
}

function ConversationItem({
  conversation,
  listType,
  uid,
  active,
  onSelect,
  onDelete,
  titleOf = (title) => title,
}: {
  conversation: ConversationSummary;
  titleOf?: (title: string) => string;
  listType: ListType;
  uid: string;
  active: boolean;
  onSelect: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("chat");
  const rename = useRenameConversation(listType, uid);
  const stored = conversation.title?.trim();
  const title = stored ? titleOf(stored) : t("sidebar.untitled");
  const [editing, setEditing] = React.useState(false);
  const [draft, setDraft] = React.useState("");
  const cancelled = React.useRef(false);
  const shownTitle = rename.isPending && rename.variables ? rename.variables.title : title;

  const startEditing = () => {
    cancelled.current = false;
    setDraft(conversation.title ?? "");
    setEditing(true);
  };

  /** Enter or blur: saved only when the trimmed title is not empty. */
  const finish = () => {
    if (!editing) return;
    setEditing(false);
    if (cancelled.current) return;
    const title = draft.trim();
    if (!title || title === conversation.title) return;
    rename.mutate({ id: conversation.id, title }, { onError: (cause) => console.error("Renaming the conversation failed", cause) });
  };

  return (
    <li
      className={cn("group relative rounded-lg transition-colors", active ? "bg-accent text-accent-foreground" : "hover:bg-muted/70")}
      data-testid="conversation-item"
    >
      {editing ? (
        <div className="px-2.5 py-2">
          <label className="sr-only" htmlFor={`rename-${conversation.id}`}>
            {t("sidebar.renameLabel")}
          </label>
          <input
            id={`rename-${conversation.id}`}
            autoFocus
            value={draft}
            maxLength={MAX_TITLE_CHARS}
            onChange={(event) => setDraft(event.target.value)}
            onFocus={(event) => event.target.select()}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                finish();
              } else if (event.key === "Escape") {
                event.preventDefault();
                event.stopPropagation();
                cancelled.current = true;
                setEditing(false);
              }
            }}
            onBlur={finish}
            className="h-8 w-full rounded-md border border-input bg-background px-2 text-sm font-medium shadow-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>
      ) : (
        <>
          <button
            type="button"
            onClick={onSelect}
            aria-current={active ? "true" : undefined}
            className="flex w-full items-start gap-2.5 rounded-lg px-2.5 py-2 pr-16 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <MessageSquare className={cn("mt-0.5 size-4 shrink-0", active ? "text-primary" : "text-muted-foreground")} aria-hidden="true" />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate text-sm font-medium" data-testid="conversation-title">
                {shownTitle}
              </span>
              <span className="truncate text-xs text-muted-foreground">{previewText(conversation) || t("sidebar.noMessages")}</span>
              <span className="text-[11px] text-muted-foreground">{conversation.createdAt ? formatDate(conversation.createdAt) : ""}</span>
            </span>
          </button>
          <div
            className={cn(
              "absolute right-1.5 top-1.5 flex gap-0.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100",
            )}
          >
            <button
              type="button"
              onClick={startEditing}
              className="rounded-md p-1.5 text-muted-foreground transition hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={t("sidebar.renameItem", { title })}
              title={t("sidebar.rename")}
            >
              <Pencil className="size-3.5" />
            </button>
            <button
              type="button"
              onClick={onDelete}
              className="rounded-md p-1.5 text-muted-foreground transition hover:bg-destructive/10 hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={t("sidebar.deleteItem", { title })}
              title={t("sidebar.delete")}
            >
              <Trash2 className="size-3.5" />
            </button>
          </div>
        </>
      )}
    </li>
  );
}

function DeleteConversationDialog({
  listType,
  uid,
  conversation,
  onClose,
  onDeleted,
}: {
  listType: ListType;
  uid: string;
  conversation: ConversationSummary | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation("chat");
  const remove = useDeleteConversation(listType, uid);
  return (
    <ConfirmDialog
      open={conversation !== null}
      title={t("sidebar.deleteTitle")}
      description={t("sidebar.deleteText")}
      confirmLabel={t("sidebar.delete")}
      pending={remove.isPending}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={() => {
        if (!conversation) return;
        const id = conversation.id;
        remove.mutate(id, {
          onSuccess: () => {
            onDeleted(id);
            onClose();
          },
          onError: (cause) => {
            console.error("Deleting the conversation failed", cause);
            onClose();
          },
        });
      }}
    />
  );
}
