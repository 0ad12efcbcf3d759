import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Building2 } from "lucide-react";
import { cn } from "@/lib/utils";
import { modelCatalogQuery } from "./queries";

/**
 * Enterprise's "custom AI model integration": how the organisation's own model is
 * set up (never its key). Renders nothing for other plans, which never learn of it.
 */
export function CustomModelCard() {
  const { t } = useTranslation("models");
  const catalog = useQuery(modelCatalogQuery());
  const custom = catalog.data?.custom;
  if (!custom) return null;
  const rows = [
    { key: "name", value: custom.name },
    { key: "modelId", value: custom.modelId || "—" },
  ] as const;
  return (
    <section aria-labelledby="custom-model-title" className="mt-8 rounded-xl border bg-card p-6 shadow-sm" data-testid="custom-model-card">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary" aria-hidden="true">
          <Building2 className="size-5" />
        </span>
        <div className="grid gap-1">
          <h2 id="custom-model-title" className="text-lg font-semibold">
            {t("custom.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("custom.description")}</p>
        </div>
      </div>
      <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="text-muted-foreground">{t(`custom.${row.key}`)}</dt>
            <dd className="mt-0.5 font-medium break-all">{row.value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-muted-foreground">{t("custom.status")}</dt>
          <dd className={cn("mt-0.5 font-medium", custom.configured ? "text-emerald-700 dark:text-emerald-400" : "text-muted-foreground")}>
            {custom.configured ? t("custom.ready") : t("custom.notConfigured")}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">{t("custom.howTo")}</p>
    </section>
  );
}
