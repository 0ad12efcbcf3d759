import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/brand/Logo";
import { useAuthDialogs } from "@/features/auth";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "@/lib/product";

export function ClosingCta() {
  const { openSignUp } = useAuthDialogs();
  const { t } = useTranslation("landing");
  return (
    <section className="py-20 sm:py-24">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h2 className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">{t("closing.title")}</h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">{t("closing.text", { product: PRODUCT_NAME })}</p>
        <Button size="lg" className="mt-8 shadow-lg shadow-primary/25" onClick={() => openSignUp()}>
          {t("closing.getStarted")} <ArrowRight />
        </Button>
      </div>
    </section>
  );
}

export function SiteFooter() {
  const { t } = useTranslation("landing");
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <Logo className="text-foreground" />
        <nav aria-label={t("footer.label")} className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
          <Link to="/" hash="features" className="hover:text-foreground">
            {t("footer.features")}
          </Link>
          <Link to="/" hash="benefits" className="hover:text-foreground">
            {t("footer.benefits")}
          </Link>
          <Link to="/" hash="pricing" className="hover:text-foreground">
            {t("footer.pricing")}
          </Link>
          <Link to="/help" className="hover:text-foreground">
            {t("footer.support")}
          </Link>
        </nav>
        <p>{t("footer.copyright", { year: String(new Date().getFullYear()), product: PRODUCT_NAME })}</p>
      </div>
    </footer>
  );
}
