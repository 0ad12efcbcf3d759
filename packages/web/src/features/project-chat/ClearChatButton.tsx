import * as React from "react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";

/** Clears a project chat or the all-projects chat after the reader confirms; the messages are deleted for good. */
export function ClearChatButton({
  title,
  description,
  disabled,
  clearing,
  onClear,
  compact = false,
}: {
  title: string;
  description: string;
  disabled?: boolean;
  clearing: boolean;
  onClear: () => Promise<unknown>;
  compact?: boolean;
}) {
  const { t } = useTranslation("projectChat");
  const [asking, setAsking] = React.useState(false);
  const confirm = () =>
    onClear()
      .catch((cause) => {
        console.error("Clearing the chat failed", cause);
        toast({ title: t("clear.failed"), variant: "destructive" });
      })
      .finally(() => setAsking(false));

  return (
    <>
      <Button
        variant="ghost"
        size={compact ? "icon" : "sm"}
        className={
          compact ? "size-8 shrink-0 text-muted-foreground hover:text-foreground" : "shrink-0 text-muted-foreground hover:text-foreground"
        }
        aria-label={compact ? t("clear.button") : undefined}
        title={compact ? t("clear.button") : undefined}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        <Trash2 />
        {!compact && t("clear.button")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={title}
        description={description}
        confirmLabel={t("clear.confirm")}
        pending={clearing}
        onConfirm={() => void confirm()}
        onOpenChange={(open) => !open && setAsking(false)}
      />
    </>
  );
}
