import * as React from "react";
import { Controller, useForm, type Control, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, CheckCircle2, AlertCircle, Lock, SlidersHorizontal, UserCog } from "lucide-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DEFAULT_SETTINGS, FONT_SIZES, LANGUAGES, SettingsRecord } from "@quorum/core/settings/schema";
import { i18next } from "@/i18n";
import { LANGUAGES as UI_LANGUAGES } from "@/i18n/languages";
import { BackLink, Page } from "@/components/layout/Page";
import { PageLoader } from "@/components/layout/PageLoader";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Badge } from "@/components/ui/badge";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { OptionSelect } from "@/components/ui/option-select";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth";
import { useProfile } from "@/features/profile/queries";
import { onPushSwitched } from "@/features/notify/push-switch";
import { PRODUCT_NAME, planLabel } from "@/lib/product";
import { CustomModelCard } from "@/features/models/CustomModelCard";
import { useSaveSettings, useSettings } from "./queries";

/** 'Free Plan' for the starter plan, the real plan otherwise. */
function accountType(plan: string | undefined) {
  return !plan || plan === "starter" ? i18next.t("settings:account.free") : planLabel(plan);
}

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
            <Toggle
              id="notify-email"
              label={t("notifications.email")}
              text={t("notifications.emailText")}
              control={control}
              name="notifications.email"
              onChange={changed}
            />
            <Toggle
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
            <Toggle
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
            <Toggle
              id="privacy-share"
              label={t("privacy.share")}
              text={t("privacy.shareText")}
              detail={t("privacy.shareOff")}
              control={control}
              name="privacy.shareData"
              onChange={changed}
            />
            <Toggle
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

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <SlidersHorizontal className="size-5 text-primary" /> {t("preferences.title")}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <Field id="pref-language" label={t("preferences.language")}>
              <Controller
                control={control}
                name="preferences.language"
                render={({ field }) => (
                  <OptionSelect
                    id="pref-language"
                    value={field.value}
                    options={LANGUAGES}
                    label={(language) => UI_LANGUAGES.find((l) => l.value === language)?.label ?? language}
                    onChange={(language) => {
                      changed();
                      field.onChange(language);
                    }}
                  />
                )}
              />
            </Field>
            <Field id="pref-font" label={t("preferences.fontSize")}>
              <Controller
                control={control}
                name="preferences.fontSize"
                render={({ field }) => (
                  <OptionSelect
                    id="pref-font"
                    value={field.value}
                    options={FONT_SIZES}
                    label={(size) => t(`preferences.${size}`)}
                    onChange={(fontSize) => {
                      changed();
                      field.onChange(fontSize);
                    }}
                  />
                )}
              />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserCog className="size-5 text-primary" /> {t("account.title")}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t("account.email")}</dt>
                <dd className="break-all font-medium">{profile.data?.email ?? user?.email}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t("account.type")}</dt>
                <dd>
                  <Badge variant={profile.data?.plan === "professional" ? "default" : "secondary"}>{accountType(profile.data?.plan)}</Badge>
                </dd>
              </div>
            </dl>
            <Button asChild variant="link" className="mt-3 h-auto px-0">
              <Link to="/profile">{t("account.editProfile")}</Link>
            </Button>
          </CardContent>
        </Card>

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

/** The settings' on/off switches, by their path in the record. */
type SwitchName = Extract<FieldPath<SettingsRecord>, `${"notifications" | "privacy"}.${string}`>;

function Toggle({
  id,
  label,
  text,
  detail,
  control,
  name,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  /** What the switch means in practice, in plain words. */
  detail?: string;
  control: Control<SettingsRecord>;
  name: SwitchName;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-6">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-sm text-muted-foreground">{text}</p>
        {detail && <p className="text-xs leading-relaxed text-muted-foreground">{detail}</p>}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={field.value}
            onCheckedChange={(value) => {
              field.onChange(value);
              onChange(value);
            }}
          />
        )}
      />
    </div>
  );
}
