import { createFileRoute } from "@tanstack/react-router";
import { profileQuery } from "@/features/profile/queries";
import { ProfilePage } from "@/features/profile/ProfilePage";

export const Route = createFileRoute("/_authed/profile")({
  staticData: { loadingText: "profile:loading" },
  // Starts the profile without waiting for it: the page shows its own loading state meanwhile.
  loader: ({ context: { queryClient, user } }) => {
    if (user) void queryClient.prefetchQuery(profileQuery(user.uid));
  },
  component: ProfilePage,
});
