import { useTranslation } from "react-i18next";
import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { ProfilePage } from "@/features/profile/ProfilePage";

export const Route = createFileRoute("/profile")({ component: ProfileRoute });

function ProfileRoute() {
  const { t } = useTranslation("profile");
  return (
    <RequireAuth loadingText={t("loading")}>
      <ProfilePage />
    </RequireAuth>
  );
}
