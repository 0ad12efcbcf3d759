import * as React from "react";
import { Link } from "@tanstack/react-router";
import { AlertCircle, CheckCircle2, Lightbulb, LifeBuoy, Mail, Send } from "lucide-react";
import { BackLink, Page } from "@/components/layout/Page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Trans, useTranslation } from "react-i18next";
import { useAuth } from "@/features/auth";
import { i18next } from "@/i18n";
import { isLanguage } from "@/i18n/languages";
import { ApiError } from "@/lib/api";
import { SUPPORT_EMAIL } from "@/lib/product";
import {
  buildRequest,
  CATEGORIES,
  EMPTY_FORM,
  PRIORITIES,
  submitSupportRequest,
  supportMailto,
  type Category,
  type Priority,
  type SupportForm,
  type SupportReceipt,
  type SupportRequest,
} from "./request";

type Phase =
  | { kind: "editing" }
  | { kind: "submitting" }
  | { kind: "failed"; request: SupportRequest; tooMany: boolean }
  | { kind: "submitted"; request: SupportRequest; receipt: SupportReceipt };

/** /help: the support request form. */
export function SupportPage() {
  const { user } = useAuth();
  const { t } = useTranslation("support");
  const [form, setForm] = React.useState<SupportForm>(EMPTY_FORM);
  const [phase, setPhase] = React.useState<Phase>({ kind: "editing" });

  // Fill in what we already know about a signed-in user, without overwriting what they typed.
  React.useEffect(() => {
    if (!user) return;
    setForm((f) => ({ ...f, name: f.name || user.displayName || "", email: f.email || user.email || "" }));
  }, [user]);

  const set = (field: "name" | "email" | "subject" | "message") => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
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

  function another() {
    setForm({ ...EMPTY_FORM, name: user?.displayName ?? "", email: user?.email ?? "" });
    setPhase({ kind: "editing" });
  }

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
            <p className="text-sm text-muted-foreground">{phase.receipt.prioritySupport ? t("priorityNote") : t("referenceNote")}</p>
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

  const busy = phase.kind === "submitting";

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
            <form className="grid gap-5" onSubmit={submit}>
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="support-name">{t("name")}</Label>
                  <Input
                    id="support-name"
                    required
                    autoComplete="name"
                    value={form.name}
                    onChange={set("name")}
                    disabled={busy}
                    maxLength={200}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="support-email">{t("email")}</Label>
                  <Input
                    id="support-email"
                    type="email"
                    required
                    autoComplete="email"
                    value={form.email}
                    onChange={set("email")}
                    disabled={busy}
                    maxLength={320}
                  />
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="support-subject">{t("subject")}</Label>
                <Input
                  id="support-subject"
                  required
                  value={form.subject}
                  onChange={set("subject")}
                  disabled={busy}
                  maxLength={200}
                  placeholder={t("subjectPlaceholder")}
                />
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="support-category">{t("category")}</Label>
                  <Select
                    value={form.category}
                    onValueChange={(category) => setForm((f) => ({ ...f, category: category as Category }))}
                    disabled={busy}
                  >
                    <SelectTrigger id="support-category">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {CATEGORIES.map((c) => (
                        <SelectItem key={c.value} value={c.value}>
                          {t(`category_${c.value}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="support-priority">{t("priority")}</Label>
                  <Select
                    value={form.priority}
                    onValueChange={(priority) => setForm((f) => ({ ...f, priority: priority as Priority }))}
                    disabled={busy}
                  >
                    <SelectTrigger id="support-priority">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {PRIORITIES.map((p) => (
                        <SelectItem key={p.value} value={p.value}>
                          {t(`priority_${p.value}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="support-message">{t("message")}</Label>
                <Textarea
                  id="support-message"
                  required
                  rows={7}
                  value={form.message}
                  onChange={set("message")}
                  disabled={busy}
                  maxLength={10000}
                  placeholder={t("messagePlaceholder")}
                />
              </div>
              {phase.kind === "failed" && (
                <Alert variant="destructive">
                  <AlertCircle />
                  <AlertDescription>
                    <p>{phase.tooMany ? t("tooMany") : t("failed")}</p>
                    <a
                      href={supportMailto(phase.request)}
                      className="mt-1 inline-flex items-center gap-1.5 font-medium underline underline-offset-2"
                    >
                      <Mail className="size-4" /> {t("sendByEmail", { address: SUPPORT_EMAIL })}
                    </a>
                  </AlertDescription>
                </Alert>
              )}
              <div className="flex justify-end">
                <Button type="submit" size="lg" disabled={busy}>
                  {busy ? <Spinner /> : <Send />}
                  {busy ? t("sending") : t("submit")}
                </Button>
              </div>
            </form>
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
