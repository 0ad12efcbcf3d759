import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { useAuth } from "@/features/auth";
import { toast } from "@/hooks/use-toast";
import { ApiError, apiJson } from "@/lib/api";
import type { DocumentCategory, ProjectDocument, UploadTicket } from "./model";
import { NETWORK_ERROR, presignedPost, StorageUploadError, UPLOAD_FAILED } from "./presigned-post";
import { usageKey } from "@/features/billing/queries";
import { documentsKey } from "./queries";

/** An upload's states: idle, then uploading with a percentage, then success or error. */
export type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; fileName: string; size: number; progress: number }
  | { phase: "success"; fileName: string; document: ProjectDocument }
  | { phase: "error"; message: string; fileName?: string };

/** Our own words for a failure in the language on screen; a refusal that came with its own text keeps it. */
const ownWords = (message: string) =>
  message === NETWORK_ERROR
    ? i18next.t("documents:upload.networkError")
    : message === UPLOAD_FAILED
      ? i18next.t("documents:upload.failed")
      : message;

/** The catalogue's words for a failure: the server's text, the network's, or 'Upload failed'. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail || ownWords(UPLOAD_FAILED);
  if (error instanceof StorageUploadError) return ownWords(error.message || UPLOAD_FAILED);
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return ownWords(NETWORK_ERROR);
  if (error instanceof Error && error.message === NETWORK_ERROR) return ownWords(NETWORK_ERROR);
  return ownWords(UPLOAD_FAILED);
}

/**
 * One upload at a time: ask the API for a presigned POST (which creates the record as
 * 'uploading'), send the file straight to S3 with progress, then let the pipeline take
 * over. If the file never reaches S3 the record is removed again, so no row is left
 * waiting for a file that will not come.
 */
export function useDocumentUpload(projectId: number) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = React.useState<UploadState>({ phase: "idle" });
  const abort = React.useRef<AbortController | null>(null);

  // The storage in use changes with every upload, kept or removed again.
  const refreshList = React.useCallback(
    () => Promise.all([documentsKey(projectId), usageKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [queryClient, projectId],
  );

  const upload = React.useCallback(
    async (file: File, documentCategory: DocumentCategory) => {
      if (!user) {
        setState({ phase: "error", message: i18next.t("documents:upload.signedOut"), fileName: file.name });
        return;
      }
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: "uploading", fileName: file.name, size: file.size, progress: 0 });
      let ticket: UploadTicket | undefined;
      try {
        ticket = await apiJson<UploadTicket>("POST", "/api/documents/upload-url", {
          projectId,
          documentCategory,
          fileName: file.name,
          contentType: file.type,
          size: file.size,
          userId: user.uid,
        });
        await presignedPost(
          ticket.upload,
          file,
          (progress) => {
            if (!controller.signal.aborted) setState((s) => (s.phase === "uploading" ? { ...s, progress } : s));
          },
          controller.signal,
        );
        setState({ phase: "success", fileName: file.name, document: ticket.document });
        toast({ title: i18next.t("documents:upload.uploadedToast"), description: file.name });
      } catch (error) {
        if (ticket) void apiJson("DELETE", `/api/documents/${ticket.document.id}`).catch(() => undefined);
        if (controller.signal.aborted) setState({ phase: "idle" });
        else setState({ phase: "error", message: uploadErrorMessage(error), fileName: file.name });
      } finally {
        if (abort.current === controller) abort.current = null;
        void refreshList();
      }
    },
    [user, projectId, refreshList],
  );

  const cancel = React.useCallback(() => abort.current?.abort(), []);
  /** For the drop zone's own refusals (type, size, count): shown as the upload's error. */
  const reject = React.useCallback((message: string, fileName?: string) => setState({ phase: "error", message, fileName }), []);
  const reset = React.useCallback(() => setState({ phase: "idle" }), []);

  return { state, upload, cancel, reject, reset };
}
