import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import type { ProjectDocument } from "./model";
import { useDeleteDocument } from "./queries";

export const deleteQuestion = (fileName: string) =>
  `Are you sure you want to delete "${fileName}"? This action cannot be undone and will remove the file from storage and all AI embeddings.`;

/** Spec doc 2 §2 'Delete Document confirmation'; stays open while the delete runs. */
export function DeleteDocumentDialog({
  projectId,
  document,
  onOpenChange,
}: {
  projectId: number;
  document: ProjectDocument | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteDocument(projectId);
  const confirm = () => {
    if (!document) return;
    remove.mutate(document.id, {
      onSuccess: () => {
        toast({ title: "Document Deleted", description: "The document has been successfully deleted." });
        onOpenChange(false);
      },
      onError: () => toast({ title: "Failed to delete document", variant: "destructive" }),
    });
  };
  return (
    <AlertDialog open={document !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Document</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{document ? deleteQuestion(document.fileName) : ""}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending && <Spinner />}
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
