import * as React from "react";
import { FormProvider } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Pencil, X } from "lucide-react";
import { BackLink, Page } from "@/components/layout/Page";
import { PageLoader } from "@/components/layout/PageLoader";
import { Button } from "@/components/ui/button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { greetingName, useAuth } from "@/features/auth";
import { AccountStatus } from "@/features/billing/AccountStatus";
import { UsageMeters } from "@/features/billing/UsageMeters";
import { CompanyLogoPicker } from "./CompanyLogoPicker";
import { PersonalDetailsCard } from "./PersonalDetailsCard";
import { ProfileSummaryCard } from "./ProfileSummaryCard";
import { SalesforceCard } from "./SalesforceCard";
import { useProfile } from "./queries";
import { useProfileEditor } from "./useProfileEditor";

/** /profile: profile, company logo, Salesforce connection and account status. */
export function ProfilePage() {
  const { user, synced } = useAuth();
  const uid = user!.uid;
  const profile = useProfile(uid, synced);
  const data = profile.data;
  const editor = useProfileEditor(uid, data);
  const displayName = editor.form.watch("displayName");
  const { t } = useTranslation("profile");

  React.useEffect(() => {
    if (profile.error) console.error("Failed to fetch profile", profile.error);
  }, [profile.error]);

  if (profile.isLoading || !synced) return <PageLoader text={t("loading")} />;

  const email = data?.email ?? user?.email ?? "";
  const { editing, saving } = editor;

  return (
    <Page>
      <div className="mb-6">
        <BackLink to="/">{t("back")}</BackLink>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </div>
        <div className="flex gap-2">
          {editing ? (
            <>
              <Button variant="outline" onClick={editor.cancel} disabled={saving}>
                <X /> {t("cancel")}
              </Button>
              <Button onClick={() => void editor.save()} disabled={saving}>
                {saving && <Spinner />}
                {saving ? t("saving") : t("saveChanges")}
              </Button>
            </>
          ) : (
            <Button onClick={editor.edit} disabled={!data}>
              <Pencil /> {t("edit")}
            </Button>
          )}
        </div>
      </div>

      {profile.error && (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{t("fetchFailed")}</AlertDescription>
        </Alert>
      )}

      <ProfileSummaryCard
        name={displayName || data?.displayName || greetingName(user)}
        email={data?.email ?? user?.email ?? undefined}
        photoURL={user?.photoURL}
        plan={data?.plan ?? "starter"}
        createdAt={data?.createdAt}
        logo={<CompanyLogoPicker logo={editor.logo} editing={editing} disabled={saving} onChoose={editor.chooseLogo} />}
      />

      <FormProvider {...editor.form}>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <PersonalDetailsCard email={email} editing={editing} />
          <div className="grid content-start gap-6">
            <AccountStatus uid={uid} profile={data} />
            <UsageMeters />
            <SalesforceCard />
          </div>
        </div>
      </FormProvider>
    </Page>
  );
}
