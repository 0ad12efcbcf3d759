import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { RequireAuth } from "@/features/auth";
import { AnalyticsPage } from "@/features/analytics/AnalyticsPage";

export const Route = createFileRoute("/analytics")({ component: AnalyticsRoute });

function AnalyticsRoute() {
  const { t } = useTranslation("analytics");
  return (
    <RequireAuth loadingText={t("loading")}>
      <AnalyticsPage />
    </RequireAuth>
  );
}
