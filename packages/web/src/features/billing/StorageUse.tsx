import { HardDrive } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useUsage } from "./queries";

/** "Document storage: 120 MB of 1 GB used", where documents are uploaded; nothing while loading. */
export function StorageUse({ className }: { className?: string }) {
  const { data } = useUsage();
  const { t } = useTranslation("billing");
  if (!data) return null;
  const { used, limit } = data.storage;
  const full = limit !== null && used >= limit;
  return (
    <p
      className={cn("flex items-center gap-1.5 text-xs text-muted-foreground", full && "text-destructive", className)}
      data-testid="storage-use"
    >
      <HardDrive className="size-3.5 shrink-0" aria-hidden="true" />
      {limit === null
        ? t("usage.storage.lineUnlimited", { used: formatBytes(used) })
        : t("usage.storage.line", { used: formatBytes(used), limit: formatBytes(limit) })}
    </p>
  );
}
