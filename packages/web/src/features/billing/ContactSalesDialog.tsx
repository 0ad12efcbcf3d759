import * as React from "react";
import { useTranslation } from "react-i18next";
import { Building2, CheckCircle2 } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { TEAM_SIZES } from "@quorum/core/support/schema";
import { contactSales, type SalesRequest } from "./api";

/**
 * Enterprise's "Contact sales": a short form the server keeps as a support
 * request of kind 'sales', acknowledged here once stored.
 */
export interface ContactSalesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What we already know about the person (a signed-in user). */
  defaults?: Partial<Pick<SalesRequest, "name" | "email" | "company">>;
}

export function ContactSalesDialog({ open, onOpenChange, defaults }: ContactSalesDialogProps) {
  const blank = React.useCallback(
    (): SalesRequest => ({
      name: defaults?.name ?? "",
      email: defaults?.email ?? "",
      company: defaults?.company ?? "",
      teamSize: "11-50",
      message: "",
    }),
    [defaults?.name, defaults?.email, defaults?.company],
  );
  const [form, setForm] = React.useState<SalesRequest>(blank);
  const [sending, setSending] = React.useState(false);
  const [sent, setSent] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const { t } = useTranslation("billing");

  React.useEffect(() => {
    if (open) {
      setForm(blank());
      setSent(false);
      setProblem(null);
    }
  }, [open, blank]);

  const set = (key: keyof SalesRequest) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      await contactSales(form);
      setSent(true);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status < 500 ? error.detail : t("sales.sendFailed"));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && onOpenChange(next)}>
      <DialogContent className="max-w-[480px]">
        {sent ? (
          <div className="grid justify-items-center gap-3 py-6 text-center" data-testid="sales-sent">
            <CheckCircle2 className="size-12 text-success" />
            <DialogTitle className="text-xl">{t("sales.thanks")}</DialogTitle>
            <DialogDescription className="max-w-[36ch]">{t("sales.thanksText", { email: form.email })}</DialogDescription>
            <Button className="mt-2" onClick={() => onOpenChange(false)}>
              {t("sales.done")}
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit}>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <Building2 className="size-5 text-primary" /> {t("sales.title")}
              </DialogTitle>
              <DialogDescription>{t("sales.text")}</DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor="sales-name">{t("sales.name")}</Label>
                <Input id="sales-name" value={form.name} onChange={set("name")} required maxLength={200} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="sales-email">{t("sales.workEmail")}</Label>
                <Input id="sales-email" type="email" value={form.email} onChange={set("email")} required maxLength={320} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="sales-company">{t("sales.company")}</Label>
                <Input id="sales-company" value={form.company} onChange={set("company")} required maxLength={200} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="sales-team">{t("sales.teamSize")}</Label>
                <Select
                  value={form.teamSize}
                  onValueChange={(teamSize) => setForm((f) => ({ ...f, teamSize: teamSize as SalesRequest["teamSize"] }))}
                >
                  <SelectTrigger id="sales-team">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TEAM_SIZES.map((size) => (
                      <SelectItem key={size} value={size}>
                        {t("sales.people", { size })}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="sales-message">{t("sales.need")}</Label>
              <Textarea
                id="sales-message"
                rows={4}
                value={form.message}
                onChange={set("message")}
                required
                maxLength={5000}
                placeholder={t("sales.needPlaceholder")}
              />
            </div>
            {problem && <p className="text-sm text-destructive">{problem}</p>}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} disabled={sending}>
                {t("sales.cancel")}
              </Button>
              <Button type="submit" disabled={sending}>
                {sending ? (
                  <>
                    <Spinner /> {t("sales.sending")}
                  </>
                ) : (
                  t("sales.send")
                )}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
