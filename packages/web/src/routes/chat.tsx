import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { ChatPage } from "@/features/chat/ChatPage";

export const Route = createFileRoute("/chat")({ component: ChatRoute });

function ChatRoute() {
  return (
    <RequireAuth loadingText="Loading chat...">
      <ChatPage />
    </RequireAuth>
  );
}
