import { Link } from "@tanstack/react-router";
import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Page } from "./Page";

/** Any path the router does not know. */
export function NotFound() {
  const { t } = useTranslation("layout");
  return (
    <Page width="narrow">
      <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-16 text-center shadow-sm">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-amber-500/10 text-amber-600 dark:text-amber-400">
          <AlertTriangle className="size-7" aria-hidden="true" />
        </div>
        <p className="text-sm font-semibold text-muted-foreground">404</p>
        <h1 className="text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
        <p className="max-w-sm text-muted-foreground">{t("notFound.text")}</p>
        <Button asChild variant="outline">
          <Link to="/">{t("notFound.home")}</Link>
        </Button>
      </div>
    </Page>
  );
}
