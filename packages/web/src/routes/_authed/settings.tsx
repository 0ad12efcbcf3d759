import { createFileRoute } from "@tanstack/react-router";
import { settingsQuery } from "@/features/settings/queries";
import { SettingsPage } from "@/features/settings/SettingsPage";

export const Route = createFileRoute("/_authed/settings")({
  staticData: { loadingText: "settings:loading" },
  // Starts the settings without waiting for them: the page shows its own loading state meanwhile.
  loader: ({ context: { queryClient, user } }) => {
    if (user) void queryClient.prefetchQuery(settingsQuery(user.uid));
  },
  component: SettingsPage,
});
