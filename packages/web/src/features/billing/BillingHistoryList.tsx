import { useTranslation } from "react-i18next";
import { History } from "lucide-react";
import type { PlanChange } from "@quorum/core/user/schema";
import { formatDate } from "@/lib/format";
import { lastDay } from "./api";
import { useBillingHistory } from "./queries";

/** What each change says: who set or ended Enterprise, and until when. */
function describe(change: PlanChange, t: ReturnType<typeof useTranslation<"billing">>["t"]) {
  if (change.source === "end-date") return t("history.ended");
  if (change.plan === "starter") return t("history.backToStarter", { by: change.by });
  return change.until
    ? t("history.enterpriseUntil", { by: change.by, date: lastDay(change.until) })
    : t("history.enterprise", { by: change.by });
}

/** The account's billing history: plan changes made by people (Enterprise is sold and set up by sales). Nothing when there are none. */
export function BillingHistoryList() {
  const { t } = useTranslation("billing");
  const history = useBillingHistory();
  const changes = history.data?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <section className="grid gap-2 border-t pt-3 text-sm" data-testid="billing-history">
      <h3 className="flex items-center gap-2 font-medium">
        <History className="size-4 text-muted-foreground" /> {t("history.title")}
      </h3>
      <ol className="grid gap-1.5">
        {changes.map((change) => (
          <li key={`${change.at}-${change.plan}`} className="flex justify-between gap-4">
            <span>{describe(change, t)}</span>
            <time className="shrink-0 text-muted-foreground" dateTime={change.at}>
              {formatDate(change.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
