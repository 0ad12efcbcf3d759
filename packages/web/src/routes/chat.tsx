import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { RequireAuth } from "@/features/auth";
import { ChatPage } from "@/features/chat/ChatPage";

export const Route = createFileRoute("/chat")({ component: ChatRoute });

function ChatRoute() {
  const { t } = useTranslation("chat");
  return (
    <RequireAuth loadingText={t("page.loading")}>
      <ChatPage />
    </RequireAuth>
  );
}
