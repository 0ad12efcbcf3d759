import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiUpload } from "@/lib/api";

/** GET /api/users/{uid} (spec doc 2 §3): the profile, plus the uid. */
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
  createdAt?: string | number;
}

export type ProfileUpdate = Partial<
  Pick<
    Profile,
    | "displayName"
    | "firstName"
    | "lastName"
    | "phoneNumber"
    | "company"
    | "companyAddress"
    | "companyPhone"
    | "companyLogo"
    | "salesforceUsername"
    | "salesforceInstanceUrl"
    | "salesforceSecurityToken"
  >
>;

export const profileKey = (uid: string) => ["/api/users", uid] as const;

export function useProfile(uid: string | undefined) {
  return useQuery<Profile>({ queryKey: profileKey(uid ?? ""), enabled: !!uid });
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

/** The spec's logo checks: an image, under 5MB. Answers the toast to show, or null when fine. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export function logoProblem(file: Pick<File, "type" | "size">): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) return { title: "Invalid file type", description: "Please upload an image file" };
  if (file.size >= LOGO_MAX_BYTES) return { title: "File too large", description: "Logo file must be less than 5MB" };
  return null;
}
