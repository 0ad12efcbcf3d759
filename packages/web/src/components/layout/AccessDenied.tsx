import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useAuthDialogs } from "@/features/auth";
import { Page } from "./Page";

/** What a signed-out visitor sees on a screen that needs an account. */
export function AccessDenied({ text }: { text: string }) {
  const { openSignIn } = useAuthDialogs();
  const { t } = useTranslation("layout");
  return (
    <Page width="narrow">
      <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-16 text-center shadow-sm">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
          <ShieldAlert className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">{t("accessDenied.title")}</h1>
        <p className="max-w-sm text-muted-foreground">{text}</p>
        <Button onClick={() => openSignIn({ onSuccess: () => undefined })}>{t("accessDenied.signIn")}</Button>
      </div>
    </Page>
  );
}
