import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";

/** A centred, accessible loading state for a whole page; "Loading..." unless told what is loading. */
export function PageLoader({ text }: { text?: string }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground" role="status" aria-live="polite">
      <Spinner className="size-6 text-primary" />
      <p className="text-sm">{text ?? t("loading")}</p>
    </div>
  );
}
