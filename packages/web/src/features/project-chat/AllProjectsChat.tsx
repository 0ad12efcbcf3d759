import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Layers } from "lucide-react";
import { useAuth } from "@/features/auth";
import { ChatThread } from "./ChatThread";
import { projectsConversationsKey, sendAllProjectsMessage, useAllProjectsConversation, type OnStreamEvent } from "./queries";
import { useChatThread } from "./useChatThread";

/**
 * The 'AI Chat - All Projects' panel on /projects: history from the projects
 * conversation titled 'All Projects Chat'; the conversation list is refreshed
 * after each reply.
 */
export function AllProjectsChat() {
  const { user } = useAuth();
  const uid = user?.uid ?? "";
  const queryClient = useQueryClient();
  const history = useAllProjectsConversation(uid);
  const send = React.useCallback((message: string, onEvent: OnStreamEvent) => sendAllProjectsMessage(uid, message, onEvent), [uid]);
  const onReplied = React.useCallback(
    () => void queryClient.invalidateQueries({ queryKey: projectsConversationsKey(uid) }),
    [queryClient, uid],
  );
  const thread = useChatThread({ history: history.messages, uid: user?.uid, send, onReplied });

  return (
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
      placeholder="Ask across all your projects..."
      empty={
        <div className="flex h-full flex-col items-center justify-center gap-3 px-2 py-8 text-center">
          <div className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Layers className="size-5" aria-hidden="true" />
          </div>
          <p className="font-medium">Ask about all your projects</p>
          <p className="text-balance text-xs text-muted-foreground">
            Compare quotes, find a requirement or check a customer across every project's documents.
          </p>
        </div>
      }
    />
  );
}
