import { useTranslation } from "react-i18next";
import { i18next } from "@/i18n";
import { PRODUCT_NAME } from "@/lib/product";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock, CreditCard, FlaskConical, ReceiptText } from "lucide-react";
import { BackLink, Page } from "@/components/layout/Page";
import { PageLoader } from "@/components/layout/PageLoader";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiError, apiJson } from "@/lib/api";
import { profileKey } from "@/features/profile/queries";
import { useAuth } from "@/features/auth";
import type { TestCard } from "@quorum/core/billing/schema";
import { formatDay, formatCents } from "./api";
import { testPortalKey, testPortalQuery, usageKey } from "./queries";
import { TestCardFields, useTestCardForm } from "./TestCardForm";

/**
 * The local stand-in for Stripe's Customer Portal (test mode, no Stripe keys):
 * the card on file, the invoices, and — for the developer — the customer's test
 * clock and the refund or dispute an operator or bank would start. Each action
 * reaches the account through the same signed webhook Stripe would send.
 */
export function TestPortalPage({ returnTo }: { returnTo: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const portal = useQuery(testPortalQuery());
  const cardForm = useTestCardForm();

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: testPortalKey });
    if (user) await queryClient.invalidateQueries({ queryKey: profileKey(user.uid) });
    await queryClient.invalidateQueries({ queryKey: usageKey });
  };
  const { t } = useTranslation("billing");
  const replace = useAction(
    t("portal.cardUpdated"),
    (card: TestCard) => apiJson("PUT", "/api/test-billing/portal/card", { card }),
    refresh,
  );
  const advance = useAction(t("portal.clockMoved"), (days: number) => apiJson("POST", "/api/test-billing/clock", { days }), refresh);
  const refund = useAction(t("portal.refundedToast"), () => apiJson("POST", "/api/test-billing/refund"), refresh);
  const dispute = useAction(t("portal.disputeOpened"), () => apiJson("POST", "/api/test-billing/dispute"), refresh);

  if (portal.isLoading) return <PageLoader text={t("portal.loading")} />;
  const data = portal.data;
  const busy = replace.isPending || advance.isPending || refund.isPending || dispute.isPending;

  return (
    <Page width="narrow">
      <BackLink to={returnTo}>{t("portal.back", { product: PRODUCT_NAME })}</BackLink>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t("portal.title")}</h1>
        <Badge variant="outline" className="border-amber-400 text-amber-700 dark:text-amber-300">
          <FlaskConical className="size-3" /> {t("portal.testMode")}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t("portal.text")}</p>

      {portal.error || !data ? (
        <p className="mt-8 text-sm text-destructive">{portal.error instanceof ApiError ? portal.error.detail : t("portal.unavailable")}</p>
      ) : (
        <div className="mt-6 grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CreditCard className="size-5 text-primary" /> {t("portal.paymentMethod")}
              </CardTitle>
              <CardDescription>
                {data.card ? t("portal.cardEnding", { last4: data.card.last4 }) : t("portal.noCard")}
                {data.subscription &&
                  ` · ${t("portal.subscription", {
                    status: data.subscription.status,
                    ending: data.subscription.cancelAtPeriodEnd ? "yes" : "no",
                    date: formatDay(data.subscription.currentPeriodEnd),
                  })}`}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form className="grid gap-3 sm:max-w-sm" onSubmit={cardForm.handleSubmit((card) => replace.mutate(card))}>
                <TestCardFields control={cardForm.control} disabled={busy} />
                <Button type="submit" disabled={busy} className="justify-self-start">
                  {replace.isPending && <Spinner />} {t("portal.updateCard")}
                </Button>
              </form>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <ReceiptText className="size-5 text-primary" /> {t("portal.invoices")}
              </CardTitle>
            </CardHeader>
            <CardContent>
              {data.invoices.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("portal.noInvoices")}</p>
              ) : (
                <table className="w-full text-sm" data-testid="invoices">
                  <tbody>
                    {data.invoices.map((invoice) => (
                      <tr key={invoice.id} className="border-b last:border-0">
                        <td className="py-2">{formatDay(invoice.created)}</td>
                        <td className="py-2 tabular-nums">{formatCents(invoice.amount, invoice.currency)}</td>
                        <td className="py-2 text-right">
                          <Badge variant={invoice.refunded ? "secondary" : invoice.status === "paid" ? "success" : "destructive"}>
                            {t(invoice.refunded ? "portal.refunded" : invoice.status === "paid" ? "portal.paid" : "portal.open")}
                          </Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>

          <Card className="border-dashed">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="size-5 text-primary" /> {t("portal.clock")}
              </CardTitle>
              <CardDescription>{t("portal.clockText", { date: formatDay(data.now) })}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              {[1, 7, 31].map((days) => (
                <Button key={days} variant="outline" size="sm" disabled={busy} onClick={() => advance.mutate(days)}>
                  {t("portal.days", { count: days })}
                </Button>
              ))}
              <Button variant="outline" size="sm" disabled={busy} onClick={() => refund.mutate()}>
                {t("portal.refund")}
              </Button>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => dispute.mutate()}>
                {t("portal.dispute")}
              </Button>
            </CardContent>
          </Card>
        </div>
      )}
    </Page>
  );
}

/** One portal action: the server's answer refreshes the page and the account, or says why not. */
function useAction<T = void>(title: string, run: (arg: T) => Promise<unknown>, refresh: () => Promise<void>) {
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await refresh();
      toast({ title });
    },
    onError: (error: unknown) =>
      toast({
        title: i18next.t("billing:portal.notDone"),
        description: error instanceof ApiError ? error.detail : i18next.t("billing:portal.tryAgain"),
        variant: "destructive",
      }),
  });
}
