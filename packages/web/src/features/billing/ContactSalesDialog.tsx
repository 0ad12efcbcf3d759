import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Building2, CheckCircle2 } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { SALES_MAX_LENGTHS, SalesRequestInput, TEAM_SIZES } from "@quorum/core/support/schema";
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
  // The browser's own checks (required, lengths) speak first; the server's rules then name what is still wrong.
  const form = useForm<SalesRequest, unknown, SalesRequest>({ resolver: zodResolver(SalesRequestInput), defaultValues: blank() });
  const { errors, isSubmitting: sending } = form.formState;
  const { reset } = form;
  const [sent, setSent] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const { t } = useTranslation("billing");

  React.useEffect(() => {
    if (open) {
      reset(blank());
      setSent(false);
      setProblem(null);
    }
  }, [open, blank, reset]);

  async function submit(request: SalesRequest) {
    setProblem(null);
    try {
      await contactSales(request);
      setSent(true);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status < 500 ? error.detail : t("sales.sendFailed"));
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && onOpenChange(next)}>
      <DialogContent className="max-w-[480px]">
        {sent ? (
          <div className="grid justify-items-center gap-3 py-6 text-center" data-testid="sales-sent">
            <CheckCircle2 className="size-12 text-success" />
            <DialogTitle className="text-xl">{t("sales.thanks")}</DialogTitle>
            <DialogDescription className="max-w-[36ch]">{t("sales.thanksText", { email: form.getValues("email") })}</DialogDescription>
            <Button className="mt-2" onClick={() => onOpenChange(false)}>
              {t("sales.done")}
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <Building2 className="size-5 text-primary" /> {t("sales.title")}
              </DialogTitle>
              <DialogDescription>{t("sales.text")}</DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-2 gap-3">
              <Field id="sales-name" label={t("sales.name")} error={errors.name?.message}>
                <Input id="sales-name" {...form.register("name")} required maxLength={SALES_MAX_LENGTHS.name} />
              </Field>
              <Field id="sales-email" label={t("sales.workEmail")} error={errors.email?.message}>
                <Input id="sales-email" type="email" {...form.register("email")} required maxLength={SALES_MAX_LENGTHS.email} />
              </Field>
              <Field id="sales-company" label={t("sales.company")} error={errors.company?.message}>
                <Input id="sales-company" {...form.register("company")} required maxLength={SALES_MAX_LENGTHS.company} />
              </Field>
              <Field id="sales-team" label={t("sales.teamSize")} error={errors.teamSize?.message}>
                <Controller
                  control={form.control}
                  name="teamSize"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
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
                  )}
                />
              </Field>
            </div>
            <Field id="sales-message" label={t("sales.need")} error={errors.message?.message}>
              <Textarea
                id="sales-message"
                rows={4}
                {...form.register("message")}
                required
                maxLength={SALES_MAX_LENGTHS.message}
                placeholder={t("sales.needPlaceholder")}
              />
            </Field>
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
