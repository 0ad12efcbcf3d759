import * as React from "react";
import { Link } from "@tanstack/react-router";
import { CheckCircle2, Lightbulb, LifeBuoy, Mail } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import type { SupportForm, SupportReceipt } from "@quorum/core/support/schema";
import { BackLink, Page } from "@/components/layout/Page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth";
import { i18next } from "@/i18n";
import { isLanguage } from "@/i18n/languages";
import { ApiError } from "@/lib/api";
import { buildRequest, submitSupportRequest, supportMailto, type SupportRequest } from "./request";
import { SupportRequestForm } from "./SupportRequestForm";

type Phase =
  | { kind: "editing" }
  | { kind: "submitting" }
  | { kind: "failed"; request: SupportRequest; tooMany: boolean }
  | { kind: "submitted"; request: SupportRequest; receipt: SupportReceipt };

/** /help: the support request form. */
export function SupportPage() {
  const { user } = useAuth();
  const { t } = useTranslation("support");
  const [phase, setPhase] = React.useState<Phase>({ kind: "editing" });

  async function submit(form: SupportForm) {
    const request = buildRequest(form, user?.uid);
    setPhase({ kind: "submitting" });
    try {
      const receipt = await submitSupportRequest(request, isLanguage(i18next.language) ? i18next.language : undefined);
      setPhase({ kind: "submitted", request, receipt });
    } catch (error) {
      console.error("Failed to submit", error);
      setPhase({ kind: "failed", request, tooMany: error instanceof ApiError && error.status === 429 });
    }
  }

  /** The plan's queue, and a confirmation by mail only when one was sent. */
  const receiptNote = ({ supportPriority, prioritySupport, acknowledgedByEmail: mailed }: SupportReceipt) =>
    supportPriority === "enterprise"
      ? t(mailed ? "enterpriseNote" : "enterpriseNoteNoMail")
      : prioritySupport
        ? t(mailed ? "priorityNote" : "priorityNoteNoMail")
        : t(mailed ? "referenceNote" : "referenceNoteNoMail");

  // A fresh form: the request form starts empty again, with a signed-in user's name and email.
  const another = () => setPhase({ kind: "editing" });

  if (phase.kind === "submitted") {
    return (
      <Page width="narrow">
        <Card className="mx-auto max-w-xl text-center">
          <CardContent className="flex flex-col items-center gap-4 px-8 py-14">
            <div className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
              <CheckCircle2 className="size-8" />
            </div>
            <h1 className="text-2xl font-bold tracking-tight">{t("submittedTitle")}</h1>
            <p className="text-muted-foreground">
              <Trans
                t={t}
                i18nKey="submittedBody"
                values={{ email: phase.request.email }}
                components={{ strong: <span className="font-medium text-foreground" /> }}
              />
            </p>
            <div className="rounded-lg border bg-muted/40 px-5 py-3" data-testid="support-reference">
              <div className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("referenceLabel")}</div>
              <div className="font-mono text-xl font-semibold tracking-wider">{phase.receipt.reference}</div>
            </div>
            <p className="text-sm text-muted-foreground">{receiptNote(phase.receipt)}</p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Button asChild>
                <Link to="/">{t("backToChat")}</Link>
              </Button>
              <Button variant="outline" onClick={another}>
                {t("submitAnother")}
              </Button>
            </div>
            <a
              href={supportMailto(phase.request)}
              className="mt-2 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline"
            >
              <Mail className="size-4" /> {t("alsoByEmail")}
            </a>
          </CardContent>
        </Card>
      </Page>
    );
  }

  return (
    <Page>
      <div className="mb-6">
        <BackLink to="/">{t("backToChat")}</BackLink>
      </div>
      <div className="flex items-center gap-3">
        <div className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <LifeBuoy className="size-6" />
        </div>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="text-muted-foreground">{t("intro")}</p>
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_300px]">
        <Card>
          <CardHeader>
            <CardTitle>{t("formTitle")}</CardTitle>
            <CardDescription>{t("formDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <SupportRequestForm
              busy={phase.kind === "submitting"}
              failure={phase.kind === "failed" ? { tooMany: phase.tooMany, mailto: supportMailto(phase.request) } : null}
              onSubmit={(form) => void submit(form)}
            />
          </CardContent>
        </Card>

        <aside className="h-fit rounded-xl border border-amber-500/30 bg-amber-500/5 p-5" aria-labelledby="quick-tips">
          <h2 id="quick-tips" className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-5 text-amber-500" /> {t("tipsTitle")}
          </h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground marker:text-amber-500">
            <li>{t("tipErrors")}</li>
            <li>{t("tipDoing")}</li>
            <li>{t("tipBrowser")}</li>
          </ul>
        </aside>
      </div>
    </Page>
  );
}
