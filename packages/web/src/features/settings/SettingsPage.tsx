import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, CheckCircle2, AlertCircle, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DEFAULT_SETTINGS, SettingsRecord } from "@quorum/core/settings/schema";
import { BackLink, Page } from "@/components/layout/Page";
import { PageLoader } from "@/components/layout/PageLoader";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth";
import { useProfile } from "@/features/profile/queries";
import { onPushSwitched } from "@/features/notify/push-switch";
import { PRODUCT_NAME } from "@/lib/product";
import { CustomModelCard } from "@/features/models/CustomModelCard";
import { AccountSummaryCard } from "./AccountSummaryCard";
import { PreferencesCard } from "./PreferencesCard";
import { SettingToggle } from "./SettingToggle";
import { useSaveSettings, useSettings } from "./queries";

/** /settings: notifications, privacy, preferences and the account summary. */
export function SettingsPage() {
  const { user, synced } = useAuth();
  const uid = user!.uid;
  const loaded = useSettings(uid);
  const profile = useProfile(uid, synced);
  const save = useSaveSettings(uid);
  const form = useForm({ resolver: zodResolver(SettingsRecord), defaultValues: DEFAULT_SETTINGS });
  const [notice, setNotice] = React.useState<"saved" | "failed" | null>(null);
  const { t } = useTranslation("settings");
  const { control, reset } = form;

  React.useEffect(() => {
    if (loaded.data) reset(loaded.data);
  }, [loaded.data, reset]);
  React.useEffect(() => {
    // A failed load is only logged; the defaults stay.
    if (loaded.error) console.error("Failed to load settings", loaded.error);
  }, [loaded.error]);

  if (loaded.isLoading) return <PageLoader text={t("loading")} />;

  /** Any change hides the last save's outcome: it no longer describes what is on screen. */
  const changed = () => setNotice(null);

  const submit = form.handleSubmit(async (settings) => {
    setNotice(null);
    try {
      await save.mutateAsync(settings);
      setNotice("saved");
    } catch (error) {
      console.error("Failed to save settings", error);
      setNotice("failed");
    }
  });

  return (
    <Page width="narrow">
      <div className="mb-6">
        <BackLink to="/">{t("back")}</BackLink>
      </div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
      <p className="text-muted-foreground">{t("subtitle", { product: PRODUCT_NAME })}</p>

      <div className="mt-8 grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Bell className="size-5 text-primary" /> {t("notifications.title")}
            </CardTitle>
            <CardDescription>{t("notifications.text")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <SettingToggle
              id="notify-email"
              label={t("notifications.email")}
              text={t("notifications.emailText")}
              control={control}
              name="notifications.email"
              onChange={changed}
            />
            <SettingToggle
              id="notify-push"
              label={t("notifications.push")}
              text={t("notifications.pushText")}
              control={control}
              name="notifications.push"
              onChange={(push) => {
                changed();
                void onPushSwitched(push);
              }}
            />
            <SettingToggle
              id="notify-chat"
              label={t("notifications.chat")}
              text={t("notifications.chatText")}
              control={control}
              name="notifications.chat"
              onChange={changed}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Lock className="size-5 text-primary" /> {t("privacy.title")}
            </CardTitle>
            <CardDescription>{t("privacy.text")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <SettingToggle
              id="privacy-share"
              label={t("privacy.share")}
              text={t("privacy.shareText")}
              detail={t("privacy.shareOff")}
              control={control}
              name="privacy.shareData"
              onChange={changed}
            />
            <SettingToggle
              id="privacy-analytics"
              label={t("privacy.analytics")}
              text={t("privacy.analyticsText")}
              detail={t("privacy.analyticsOff")}
              control={control}
              name="privacy.analytics"
              onChange={changed}
            />
          </CardContent>
        </Card>

        <PreferencesCard control={control} onChange={changed} />

        <AccountSummaryCard email={profile.data?.email ?? user?.email ?? undefined} plan={profile.data?.plan} />

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
          {notice === "saved" && (
            <Alert variant="success" className="py-2 sm:w-auto" role="alert">
              <CheckCircle2 />
              <AlertDescription>{t("saved")}</AlertDescription>
            </Alert>
          )}
          {notice === "failed" && (
            <Alert variant="destructive" className="py-2 sm:w-auto">
              <AlertCircle />
              <AlertDescription>{t("failed")}</AlertDescription>
            </Alert>
          )}
          <Button size="lg" onClick={() => void submit()} disabled={save.isPending} className="shrink-0">
            {save.isPending && <Spinner />}
            {save.isPending ? t("saving") : t("save")}
          </Button>
        </div>
      </div>
      <CustomModelCard />
    </Page>
  );
}
