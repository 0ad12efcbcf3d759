import { createFileRoute } from "@tanstack/react-router";
import { SharedConversationPage } from "@/features/share/SharedConversationPage";

/** A shared conversation: no sign-in, read-only. */
export const Route = createFileRoute("/shared/$token")({ component: SharedRoute });

function SharedRoute() {
  const { token } = Route.useParams();
  return <SharedConversationPage token={token} />;
}
