import { useTranslation } from "react-i18next";
import { GraduationCap } from "lucide-react";
import type { Learned } from "@quorum/core/quote/schema";
import { Button } from "@/components/ui/button";
import type { Quote } from "./model";
import { fieldLabel } from "./quote-form";
import { useForgetLesson } from "./queries";

/**
 * What corrections taught about this quote's issuer: the lessons this quote was read with, and
 * those its correction taught for the issuer's next documents, each of which can be forgotten.
 */
export function QuoteLessons({ quote }: { quote: Quote }) {
  const { t } = useTranslation("quotes");
  const forget = useForgetLesson(quote.projectId);
  if (quote.learned.length === 0) return null;
  const rule = (l: Learned) => {
    const field = l.field === "paymentTerms" ? l.field : fieldLabel(t, l.field, quote);
    return l.how === "value" ? t("learned.value", { field, value: l.value ?? "" }) : t("learned.follows", { field, label: l.label ?? "" });
  };
  return (
    <section aria-label={t("learned.title")} className="grid gap-2 rounded-lg border bg-muted/30 px-4 py-3">
      <h3 className="flex items-center gap-2 text-sm font-medium">
        <GraduationCap className="size-4 text-primary" aria-hidden />
        {t("learned.title")}
      </h3>
      <ul className="grid gap-1.5">
        {quote.learned.map((l) => (
          <li key={`${l.role}:${l.key}:${l.field}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              {rule(l)}
              <span className="ml-2 text-xs text-muted-foreground">{t(`learned.${l.role}`)}</span>
            </span>
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2 text-xs"
              disabled={forget.isPending}
              onClick={() => forget.mutate({ key: l.key, field: l.field })}
            >
              {t("learned.forget")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
