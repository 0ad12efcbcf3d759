import { useTranslation } from "react-i18next";
import { toast } from "@/hooks/use-toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ProjectDocument } from "./model";
import { useDeleteDocument } from "./queries";

/** Confirms a document's deletion; stays open while the delete runs. */
export function DeleteDocumentDialog({
  projectId,
  document,
  onOpenChange,
}: {
  projectId: number;
  document: ProjectDocument | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("documents");
  const remove = useDeleteDocument(projectId);
  const confirm = () => {
    if (!document) return;
    remove.mutate(document.id, {
      onSuccess: () => {
        toast({ title: t("delete.doneTitle"), description: t("delete.done") });
        onOpenChange(false);
      },
      onError: () => toast({ title: t("delete.failed"), variant: "destructive" }),
    });
  };
  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={onOpenChange}
      title={t("delete.title")}
      description={document ? t("delete.question", { name: document.fileName }) : ""}
      confirmLabel={t("delete.confirm")}
      pendingLabel={t("delete.deleting")}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
