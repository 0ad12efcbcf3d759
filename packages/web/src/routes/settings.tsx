import { useTranslation } from "react-i18next";
import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { SettingsPage } from "@/features/settings/SettingsPage";

export const Route = createFileRoute("/settings")({ component: SettingsRoute });

function SettingsRoute() {
  const { t } = useTranslation("settings");
  return (
    <RequireAuth loadingText={t("loading")}>
      <SettingsPage />
    </RequireAuth>
  );
}
