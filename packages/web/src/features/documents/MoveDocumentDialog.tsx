import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { CategoryChips } from "./CategoryChips";
import { categoryLabel, DOCUMENT_CATEGORIES, type DocumentCategory, type ProjectDocument } from "./model";
import { useMoveDocument } from "./queries";

/** PUT /api/documents/{id}/move, which the spec defines without a screen: offered from each row. */
export function MoveDocumentDialog({
  projectId,
  document,
  onOpenChange,
}: {
  projectId: number;
  document: ProjectDocument | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("documents");
  const { t: tc } = useTranslation("common");
  const move = useMoveDocument(projectId);
  const firstOther = (current?: string) => DOCUMENT_CATEGORIES.find((c) => c !== current) ?? DOCUMENT_CATEGORIES[0];
  const [target, setTarget] = React.useState<DocumentCategory>(() => firstOther(document?.documentCategory));

  React.useEffect(() => {
    if (document) {
      setTarget(firstOther(document.documentCategory));
      move.reset();
    }
    // Only a newly chosen document resets the choice, not each refetch of the same one.
  }, [document?.id]);

  const submit = () => {
    if (!document) return;
    move.mutate(
      { id: document.id, documentCategory: target },
      {
        onSuccess: () => {
          toast({ title: t("move.doneTitle"), description: t("move.done") });
          onOpenChange(false);
        },
        onError: () => toast({ title: t("move.failed"), variant: "destructive" }),
      },
    );
  };

  const current = document?.documentCategory as DocumentCategory | undefined;
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !move.isPending && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("move.title")}</DialogTitle>
          <DialogDescription className="break-words">
            {document ? t("move.question", { name: document.fileName, category: categoryLabel(document.documentCategory) }) : ""}
          </DialogDescription>
        </DialogHeader>
        <CategoryChips value={target} onChange={setTarget} exclude={current} disabled={move.isPending} label={t("move.newCategory")} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={move.isPending}>
            {tc("cancel")}
          </Button>
          <Button onClick={submit} disabled={move.isPending || target === current}>
            {move.isPending && <Spinner />}
            {move.isPending ? t("move.moving") : t("move.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
