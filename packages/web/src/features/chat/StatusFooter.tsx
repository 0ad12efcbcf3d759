import { useTranslation } from "react-i18next";
import { SERVICE_STATUSES } from "@quorum/core/ai/schema";
import { OFFLINE_SERVICE } from "@quorum/core/ai/types";
import { cn } from "@/lib/utils";
import { useAiStatus } from "./queries";

/**
 * The service status line under the chat: one dot per service
 * (active green, standby yellow, anything else grey) and the legend.
 */

function dotClass(status: string) {
  if (status === "active") return "bg-emerald-500 shadow-[0_0_0_3px] shadow-emerald-500/20";
  if (status === "standby") return "bg-amber-400 shadow-[0_0_0_3px] shadow-amber-400/20";
  return "bg-zinc-400 dark:bg-zinc-500";
}

/** The legend's word for a status: anything but active or standby reads as offline. */
function statusKey(status: string) {
  return status === "active" || status === "standby" ? `status.${status}` : "status.offline";
}

function Dot({ status, className }: { status: string; className?: string }) {
  return <span className={cn("inline-block size-2 shrink-0 rounded-full", dotClass(status), className)} aria-hidden="true" />;
}

export function StatusFooter() {
  const { t } = useTranslation("chat");
  const statusWord = (status: string) => t(statusKey(status));
  // Model names are brands; only the built-in offline model has a name to translate.
  const serviceName = (service: string) => (service === OFFLINE_SERVICE ? t("message.offlineModel") : service);
  const { data, isPending, isError } = useAiStatus();
  const services = data?.services ?? [];

  return (
    <footer
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-xs text-muted-foreground"
      aria-label={t("status.label")}
      data-testid="status-footer"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-3.5 gap-y-1.5" aria-live="polite">
        {isPending ? (
          <span className="inline-flex items-center gap-2">
            <span className="size-2 animate-pulse rounded-full bg-muted-foreground/40" aria-hidden="true" />
            {t("status.checking")}
          </span>
        ) : isError || services.length === 0 ? (
          <span className="inline-flex items-center gap-2">
            <Dot status="unknown" />
            {t("status.unavailable")}
          </span>
        ) : (
          <ul className="flex flex-wrap items-center gap-x-3.5 gap-y-1.5">
            {services.map((s) => (
              <li key={s.service} className="inline-flex items-center gap-1.5" title={`${serviceName(s.service)}: ${statusWord(s.status)}`}>
                <Dot status={s.status} />
                <span>{serviceName(s.service)}</span>
                <span className="sr-only">: {statusWord(s.status)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ul className="flex items-center gap-3" aria-label={t("status.legend")}>
        {SERVICE_STATUSES.map((s) => (
          <li key={s} className="inline-flex items-center gap-1.5">
            <Dot status={s} className="shadow-none" />
            {statusWord(s)}
          </li>
        ))}
      </ul>
    </footer>
  );
}
