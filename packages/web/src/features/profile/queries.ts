import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiUpload } from "@/lib/api";
import type { z } from "zod";
import type { ProfileUpdateInput } from "@quorum/core/user/schema";
export { logoProblem } from "./logo";

/** GET /api/users/{uid}: the profile, plus the uid. */
export interface Profile {
  uid: string;
  email: string;
  displayName?: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  company?: string;
  companyAddress?: string;
  companyPhone?: string;
  /** A short-lived URL of the logo, or '' when there is none. */
  companyLogo?: string;
  salesforceUsername?: string;
  salesforceInstanceUrl?: string;
  /** The server only ever answers a masked placeholder (or '' when none is stored). */
  salesforceSecurityToken?: string;
  plan?: string;
  planStatus?: string;
  /** The subscription as the payment provider last reported it. */
  subscriptionId?: string;
  subscriptionStatus?: string;
  stripeCustomerId?: string;
  trialEndsAt?: string;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd?: boolean;
  pastDueSince?: string;
  /** Past due: when Professional access ends unless the card is updated. */
  graceEndsAt?: string;
  /** Why the plan ended against the user's wishes (refund, dispute). */
  billingNotice?: string;
  createdAt?: string | number;
}

/** PUT /api/users/{uid}'s body: core's ProfileUpdateInput. */
export type ProfileUpdate = z.input<typeof ProfileUpdateInput>;

export const profileKey = (uid: string) => ["/api/users", uid] as const;

/** The record is created by the login sync, so the query waits for it (`synced` from useAuth). */
export function useProfile(uid: string | undefined, synced = true) {
  return useQuery<Profile>({ queryKey: profileKey(uid ?? ""), enabled: !!uid && synced });
}

export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => apiJson<Profile>("PUT", `/api/users/${encodeURIComponent(uid)}`, update),
    onSuccess: (profile) => {
      // The answer is the saved profile (with a fresh logo URL): no need to fetch it again.
      queryClient.setQueryData(profileKey(uid), profile);
    },
  });
}

export interface UploadAnswer {
  downloadUrl: string;
  filePath: string;
}

/** POST /api/upload, multipart: file, category 'company-logo', userId. */
export function uploadCompanyLogo(uid: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  form.append("category", "company-logo");
  form.append("userId", uid);
  return apiUpload<UploadAnswer>("/api/upload", form);
}
