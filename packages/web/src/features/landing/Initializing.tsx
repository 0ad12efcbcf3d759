import { LogoMark } from "@/components/brand/Logo";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "@/lib/product";

/** Shown while the session is being restored. */
export function Initializing() {
  const { t } = useTranslation("landing");
  return (
    <main
      id="main"
      className="flex min-h-[calc(100dvh-4rem)] flex-col items-center justify-center gap-5 px-4 text-center"
      role="status"
      aria-live="polite"
    >
      <div className="relative">
        <span className="absolute inset-0 animate-ping rounded-2xl bg-primary/30" aria-hidden="true" />
        <LogoMark className="relative size-14" />
      </div>
      <div className="grid gap-1.5">
        <h1 className="text-xl font-semibold tracking-tight">{t("initializing.title", { product: PRODUCT_NAME })}</h1>
        <p className="text-sm text-muted-foreground">{t("initializing.text")}</p>
      </div>
    </main>
  );
}
