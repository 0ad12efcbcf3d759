import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogoUploadTicket, ProfileRecord, UploadedLogo, type ProfileUpdateInput } from "@quorum/core/user/schema";
import { MAX_DIRECT_UPLOAD_BYTES } from "@quorum/core/request-limits";
import { presignedPost } from "@/features/documents/presigned-post";
import { apiJson, apiUpload } from "@/lib/api";

export type { ProfileRecord as Profile } from "@quorum/core/user/schema";

export const profileKey = (uid: string) => ["/api/users", uid] as const;

const profileUrl = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

/** GET /api/users/{uid}: the caller's own profile, checked against the API's contract. */
export const profileQuery = (uid: string) =>
  queryOptions({
    queryKey: profileKey(uid),
    queryFn: async () => ProfileRecord.parse(await apiJson("GET", profileUrl(uid))),
  });

/** The record is created by the login sync, so the query waits for it (`synced` from useAuth). */
export function useProfile(uid: string | undefined, synced = true) {
  return useQuery({ ...profileQuery(uid ?? ""), enabled: !!uid && synced });
}

export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: ProfileUpdateInput) => ProfileRecord.parse(await apiJson("PUT", profileUrl(uid), update)),
    onSuccess: (profile) => {
      // The answer is the saved profile (with a fresh logo URL): no need to fetch it again.
      queryClient.setQueryData(profileKey(uid), profile);
    },
  });
}

/**
 * POST /api/upload, multipart: file, category 'company-logo', userId. A file larger than one API
 * request carries goes to storage first (POST /api/upload/logo-url), then is checked there.
 */
export async function uploadCompanyLogo(uid: string, file: File) {
  if (file.size > MAX_DIRECT_UPLOAD_BYTES) {
    const ticket = LogoUploadTicket.parse(
      await apiJson("POST", "/api/upload/logo-url", { contentType: file.type, size: file.size, userId: uid }),
    );
    await presignedPost(ticket.upload, file, () => undefined);
    return UploadedLogo.parse(await apiJson("POST", "/api/upload/logo-confirm", { filePath: ticket.filePath, userId: uid }));
  }
  const form = new FormData();
  form.append("file", file);
  form.append("category", "company-logo");
  form.append("userId", uid);
  return UploadedLogo.parse(await apiUpload("/api/upload", form));
}
