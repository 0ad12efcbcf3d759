import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { ProfilePage } from "@/features/profile/ProfilePage";

export const Route = createFileRoute("/profile")({ component: ProfileRoute });

function ProfileRoute() {
  return (
    <RequireAuth loadingText="Loading profile...">
      <ProfilePage />
    </RequireAuth>
  );
}
