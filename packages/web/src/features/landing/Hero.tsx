import { Link } from "@tanstack/react-router";
import { ArrowRight, MessageSquare, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LogoMark } from "@/components/brand/Logo";
import { useAuth, useAuthDialogs } from "@/features/auth";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "@/lib/product";
import { formatPercent } from "@/lib/format";

const MODELS = [
  { name: "GPT-4", color: "bg-emerald-500" },
  { name: "Claude", color: "bg-orange-500" },
  { name: "Gemini", color: "bg-sky-500" },
  { name: "Grok", color: "bg-zinc-500" },
  { name: "DeepSeek", color: "bg-blue-600" },
];

export function Hero() {
  const { user } = useAuth();
  const { openSignIn, openSignUp } = useAuthDialogs();
  const { t } = useTranslation("landing");
  return (
    <section className="relative overflow-hidden">
      <Backdrop />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pb-20 pt-16 sm:px-6 md:pt-24 lg:grid-cols-[1.05fr_1fr] lg:pb-28">
        <div className="grid gap-7 text-center lg:text-left">
          <p className="mx-auto inline-flex w-fit items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm backdrop-blur lg:mx-0">
            <Sparkles className="size-3.5 text-primary" />
            {t("hero.badge")}
          </p>
          <h1 className="text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            {t("hero.titleStart")}{" "}
            <span className="bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500 bg-clip-text text-transparent">
              {t("hero.titleAccent")}
            </span>
          </h1>
          <p className="mx-auto max-w-xl text-pretty text-lg text-muted-foreground lg:mx-0">{t("hero.text", { product: PRODUCT_NAME })}</p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            {user ? (
              <Button size="lg" asChild>
                <Link to="/chat">
                  <MessageSquare /> {t("hero.startChatting")}
                </Link>
              </Button>
            ) : (
              <>
                <Button size="lg" onClick={() => openSignUp()} className="shadow-lg shadow-primary/25">
                  {t("hero.getStarted")} <ArrowRight />
                </Button>
                <Button size="lg" variant="outline" onClick={() => openSignIn()}>
                  {t("hero.signIn")}
                </Button>
              </>
            )}
          </div>
          <p className="text-sm text-muted-foreground">{t("hero.freePlan")}</p>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}

function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute left-1/2 top-[-12rem] h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-gradient-to-tr from-indigo-400/25 via-violet-400/20 to-fuchsia-300/10 blur-3xl dark:from-indigo-600/25 dark:via-violet-700/20 dark:to-fuchsia-700/10" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:56px_56px] opacity-40 [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_70%)]" />
    </div>
  );
}

/** An illustration of the product: one question, several models, one combined answer. */
function ProductPreview() {
  const { t } = useTranslation("landing");
  return (
    <div className="relative mx-auto w-full max-w-xl" aria-hidden="true">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-gradient-to-br from-indigo-500/20 to-fuchsia-500/10 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-indigo-950/10 dark:shadow-black/40">
        <div className="flex items-center gap-2 border-b bg-muted/40 px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-3 text-xs font-medium text-muted-foreground">{t("preview.window", { product: PRODUCT_NAME })}</span>
        </div>
        <div className="grid gap-4 p-5">
          <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2.5 text-sm text-primary-foreground">
            {t("preview.question")}
          </div>
          <div className="flex flex-wrap gap-2">
            {MODELS.map((model) => (
              <span
                key={model.name}
                className="inline-flex items-center gap-1.5 rounded-full border bg-background px-2.5 py-1 text-xs font-medium"
              >
                <span className={`size-1.5 rounded-full ${model.color}`} />
                {model.name}
              </span>
            ))}
          </div>
          <div className="flex gap-3">
            <LogoMark className="size-8 shrink-0" />
            <div className="grid flex-1 gap-2 rounded-2xl rounded-tl-sm border bg-muted/40 px-4 py-3 text-sm">
              <p className="font-medium">{t("preview.combined", { count: MODELS.length })}</p>
              <p className="text-muted-foreground">{t("preview.answer")}</p>
              <div className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
                <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-border">
                  <span className="block h-full w-[92%] rounded-full bg-gradient-to-r from-indigo-500 to-violet-500" />
                </span>
                {t("preview.agreement", { percent: formatPercent(0.92) })}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
