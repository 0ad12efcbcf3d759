import * as React from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AlertTriangle, Building2, CreditCard, Info, RotateCcw, ShieldCheck, Sparkles, XCircle } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { planName } from "@/lib/product";
import { profileKey, type Profile } from "@/features/profile/queries";
import { cancelSubscription, formatDay, lastDay, resumeSubscription } from "./api";
import { failed, useBillingPortal } from "./portal";
import { usageKey } from "./queries";
import { BillingHistoryList } from "./BillingHistoryList";
import { ContactSalesDialog } from "./ContactSalesDialog";
import { UpgradeButton } from "./UpgradeButton";

/**
 * /profile's Account Status: the plan and its state as the payment provider
 * reported it, and what the user can do about it — upgrade, cancel at the
 * period end (confirmed), resume, manage billing, contact sales.
 */

type Standing = "trial" | "active" | "canceling" | "past_due" | "pending" | "free";

export function standingOf(profile: Profile | undefined, now = Date.now()): Standing {
  const plan = profile?.plan ?? "starter";
  if (plan !== "professional" && plan !== "enterprise") return "free";
  if (profile?.planStatus === "past_due") return "past_due";
  if (profile?.planStatus !== "active") return "pending";
  if (profile.cancelAtPeriodEnd) return "canceling";
  if (profile.subscriptionStatus === "trialing" && profile.trialEndsAt && Date.parse(profile.trialEndsAt) > now) return "trial";
  return "active";
}

const BADGES: Record<Standing, "success" | "destructive" | "secondary" | "default" | "outline"> = {
  trial: "default",
  active: "success",
  canceling: "secondary",
  past_due: "destructive",
  pending: "outline",
  free: "success",
};

export function AccountStatus({ uid, profile }: { uid: string; profile: Profile | undefined }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation("billing");
  const [confirmCancel, setConfirmCancel] = React.useState(false);
  const [salesOpen, setSalesOpen] = React.useState(false);
  const standing = standingOf(profile);
  const plan = profile?.plan || "starter";
  const subscribed = plan === "professional" && !!profile?.subscriptionId && standing !== "pending";
  const periodEnd = formatDay(profile?.currentPeriodEnd);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: profileKey(uid) });
    await queryClient.invalidateQueries({ queryKey: usageKey });
  };
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      setConfirmCancel(false);
      await refresh();
      toast({ title: t("status.canceled"), description: t("status.canceledText", { date: periodEnd }) });
    },
    onError: failed(t("status.cancelFailed")),
  });
  const resume = useMutation({
    mutationFn: resumeSubscription,
    onSuccess: async () => {
      await refresh();
      toast({ title: t("status.resumed"), description: t("status.resumedText", { date: periodEnd }) });
    },
    onError: failed(t("status.resumeFailed")),
  });
  const portal = useBillingPortal();

  return (
    <Card data-testid="account-status">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" /> {t("status.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm">
          <Row term={t("status.planType")}>{planName(plan)}</Row>
          <Row term={t("status.planStatus")}>
            <Badge variant={BADGES[standing]}>{t(`status.badge.${standing}`)}</Badge>
          </Row>
          {standing === "trial" && <Row term={t("status.firstCharge")}>{formatDay(profile?.trialEndsAt)}</Row>}
          {standing === "active" && subscribed && <Row term={t("status.nextCharge")}>{periodEnd}</Row>}
          {standing === "canceling" && <Row term={t("status.professionalUntil")}>{periodEnd}</Row>}
          {plan === "enterprise" && standing === "active" && (
            <>
              <Row term={t("status.enterpriseUntil")}>{profile?.planUntil ? lastDay(profile.planUntil) : t("status.noEndDate")}</Row>
              <Row term={t("status.support")}>{t("status.enterpriseSupport")}</Row>
            </>
          )}
        </dl>

        {standing === "past_due" && (
          <Alert variant="destructive">
            <AlertTriangle />
            <div>
              <AlertTitle className="font-semibold">{t("status.paymentFailed")}</AlertTitle>
              <AlertDescription>{t("status.paymentFailedText", { date: formatDay(profile?.graceEndsAt) })}</AlertDescription>
            </div>
          </Alert>
        )}
        {standing === "free" && profile?.billingNotice && (
          <Alert variant="info">
            <Info />
            <AlertDescription>{profile.billingNotice}</AlertDescription>
          </Alert>
        )}
        {standing === "canceling" && <p className="text-sm text-muted-foreground">{t("status.wontRenew", { date: periodEnd })}</p>}

        <div className="grid gap-2">
          {(plan === "starter" || plan === "basic" || standing === "pending") && (
            <UpgradeButton>
              <Sparkles /> {t("status.upgrade")}
            </UpgradeButton>
          )}
          {standing === "canceling" && (
            <Button onClick={() => resume.mutate()} disabled={resume.isPending}>
              {resume.isPending ? <Spinner /> : <RotateCcw />} {t("status.resume")}
            </Button>
          )}
          {subscribed && (
            <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
              {portal.isPending ? <Spinner /> : <CreditCard />} {t("status.manage")}
            </Button>
          )}
          {subscribed && (standing === "active" || standing === "trial" || standing === "past_due") && (
            <Button variant="ghost" className="text-muted-foreground hover:text-destructive" onClick={() => setConfirmCancel(true)}>
              <XCircle /> {t("status.cancel")}
            </Button>
          )}
          {/* Enterprise is set up by sales: chosen at sign-up it stays pending until they do. */}
          {(plan !== "enterprise" || standing === "pending") && (
            <Button
              variant="link"
              className="h-auto justify-self-center whitespace-normal p-0 text-center text-sm"
              onClick={() => setSalesOpen(true)}
            >
              <Building2 /> {plan === "enterprise" ? t("status.salesEnterprise") : t("status.needEnterprise")}
            </Button>
          )}
        </div>

        <BillingHistoryList />

        <dl className="grid gap-1.5 border-t pt-3 text-sm">
          <dt className="text-muted-foreground">{t("status.userId")}</dt>
          <dd>
            <code className="block break-all rounded bg-muted px-2 py-1 font-mono text-xs">{uid}</code>
          </dd>
        </dl>
      </CardContent>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t("status.confirmTitle")}
        description={`${t(standing === "trial" ? "status.confirmTrial" : "status.confirmPaid", { date: periodEnd })} ${t("status.confirmAfter")}`}
        confirmLabel={t("status.cancelAtEnd")}
        cancelLabel={t("status.keep")}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
      <ContactSalesDialog
        open={salesOpen}
        onOpenChange={setSalesOpen}
        defaults={{
          name: [profile?.firstName, profile?.lastName].filter(Boolean).join(" ") || profile?.displayName,
          email: profile?.email,
          company: profile?.company,
        }}
      />
    </Card>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}
