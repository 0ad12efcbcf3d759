import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { SettingsPage } from "@/features/settings/SettingsPage";

export const Route = createFileRoute("/settings")({ component: SettingsRoute });

function SettingsRoute() {
  return (
    <RequireAuth loadingText="Loading settings...">
      <SettingsPage />
    </RequireAuth>
  );
}
