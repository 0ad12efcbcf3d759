import { createFileRoute } from "@tanstack/react-router";
import { ChatPage } from "@/features/chat/ChatPage";

export const Route = createFileRoute("/_authed/chat")({
  staticData: { loadingText: "chat:page.loading" },
  component: ChatPage,
});
