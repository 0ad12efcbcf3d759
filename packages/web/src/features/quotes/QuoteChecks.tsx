import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import type { Flag } from "@quorum/core/quote/schema";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { formatMoney } from "@/lib/format";
import type { Quote } from "./model";

/**
 * A failed check in the language on screen. The server words its flags in English (shown as
 * they are in English); other languages rebuild the sentence from the flag's code and numbers.
 */
function flagText(t: TFunction<"quotes">, flag: Flag, quote: Quote): string {
  const money = (n: number | null) => formatMoney(n, quote.currency);
  const line = flag.line ?? 0;
  return t(`flag.${flag.code}`, {
    expected: money(flag.expected),
    actual: money(flag.actual),
    line: line + 1,
    description: quote.lineItems[line]?.description ?? "",
  });
}

/** What the cross-check found: the failed checks, or that the numbers add up. */
export function QuoteChecks({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation("quotes");
  if (quote.flags.length === 0) {
    return (
      <Alert variant="success">
        <CheckCircle2 />
        <AlertDescription className="text-foreground/80">{t("detail.addsUp")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert className="border-amber-500/40 bg-amber-500/10 [&>svg]:text-amber-600 dark:[&>svg]:text-amber-400">
      <AlertTriangle />
      <div>
        <AlertTitle className="font-semibold">{t("detail.checksFailed", { count: quote.flags.length })}</AlertTitle>
        <AlertDescription>
          <ul className="mt-1 grid list-disc gap-1 pl-4 text-foreground/80" aria-label={t("detail.flags")}>
            {quote.flags.map((f, i) => (
              <li key={i}>{i18n.language === "en" ? f.message : flagText(t, f, quote)}</li>
            ))}
          </ul>
        </AlertDescription>
      </div>
    </Alert>
  );
}
