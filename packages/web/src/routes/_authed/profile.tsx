import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "@/features/profile/ProfilePage";

export const Route = createFileRoute("/_authed/profile")({
  staticData: { loadingText: "profile:loading" },
  component: ProfilePage,
});
