import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { useUsage } from "./queries";
import { UpgradeButton } from "./UpgradeButton";

/** "7 of 10 free questions left today · Upgrade" for limited plans; nothing for unlimited ones or while loading. */
export function UsageMeter({ className }: { className?: string }) {
  const { data } = useUsage();
  const { t } = useTranslation("billing");
  if (!data || data.limit === null) return null;
  const left = Math.max(0, data.limit - data.used);
  return (
    <p className={cn("text-xs text-muted-foreground", left === 0 && "text-destructive", className)} data-testid="usage-meter">
      {t("usage.questionsLeft", { left, limit: data.limit })}{" "}
      <UpgradeButton variant="link" className="h-auto p-0 text-xs">
        {t("usage.upgrade")}
      </UpgradeButton>
    </p>
  );
}
