import * as React from "react";
import { useTranslation } from "react-i18next";
import { Building2, CalendarDays, Cloud, Crown, ImagePlus, Mail, Pencil, UserRound, X } from "lucide-react";
import { BackLink, Page } from "@/components/layout/Page";
import { Avatar } from "@/components/layout/Header";
import { PageLoader } from "@/components/layout/PageLoader";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Badge } from "@/components/ui/badge";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { greetingName, useAuth } from "@/features/auth";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { PRODUCT_NAME, planName } from "@/lib/product";
import { formatDate } from "@/lib/format";
import { AccountStatus, UsageMeters } from "@/features/billing";
import { logoProblem, uploadCompanyLogo, useProfile, useUpdateProfile, type Profile, type ProfileUpdate } from "./queries";

type Form = Required<Omit<ProfileUpdate, "companyLogo">>;

const FIELDS: (keyof Form)[] = [
  "displayName",
  "firstName",
  "lastName",
  "phoneNumber",
  "company",
  "companyAddress",
  "companyPhone",
  "salesforceUsername",
  "salesforceInstanceUrl",
  "salesforceSecurityToken",
];

function formFrom(profile: Profile | undefined): Form {
  return Object.fromEntries(FIELDS.map((field) => [field, profile?.[field] ?? ""])) as Form;
}

function describe(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return error instanceof Error ? error.message : String(error);
}

/** /profile: profile, company logo, Salesforce connection and account status. */
export function ProfilePage() {
  const { user, synced, updateDisplayName } = useAuth();
  const uid = user!.uid;
  const profile = useProfile(uid, synced);
  const update = useUpdateProfile(uid);
  const [editing, setEditing] = React.useState(false);
  const [form, setForm] = React.useState<Form>(() => formFrom(undefined));
  const [logoFile, setLogoFile] = React.useState<File | null>(null);
  const [logoPreview, setLogoPreview] = React.useState<string | null>(null);
  const [uploading, setUploading] = React.useState(false);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const { t } = useTranslation("profile");

  React.useEffect(() => {
    if (profile.data && !editing) setForm(formFrom(profile.data));
  }, [profile.data, editing]);

  React.useEffect(() => {
    if (!logoFile) return setLogoPreview(null);
    const url = URL.createObjectURL(logoFile);
    setLogoPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logoFile]);

  React.useEffect(() => {
    if (profile.error) console.error("Failed to fetch profile", profile.error);
  }, [profile.error]);

  if (profile.isLoading || !synced) return <PageLoader text={t("loading")} />;

  const data = profile.data;
  const saving = uploading || update.isPending;
  const name = form.displayName || data?.displayName || greetingName(user);
  const plan = data?.plan || "starter";
  const logo = logoPreview ?? (data?.companyLogo || "");

  const set = (field: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  function cancel() {
    setForm(formFrom(data));
    setLogoFile(null);
    setEditing(false);
  }

  function chooseLogo(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      return;
    }
    setLogoFile(file);
  }

  async function save() {
    const changes: ProfileUpdate = { ...form };
    if (logoFile) {
      setUploading(true);
      try {
        const uploaded = await uploadCompanyLogo(uid, logoFile);
        changes.companyLogo = uploaded.filePath;
      } catch (error) {
        toast({ title: t("updateFailed"), description: t("logoUploadFailed", { reason: describe(error) }), variant: "destructive" });
        return;
      } finally {
        setUploading(false);
      }
    }
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      toast({ title: t("updateFailed"), description: t("profileUpdateFailed", { reason: describe(error) }), variant: "destructive" });
      return;
    }
    if (form.displayName) updateDisplayName(form.displayName).catch((error) => console.error("Display name sync failed", error));
    setLogoFile(null);
    setEditing(false);
    toast({ title: t("updated"), description: t("updatedText") });
  }

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
              <Button variant="outline" onClick={cancel} disabled={saving}>
                <X /> {t("cancel")}
              </Button>
              <Button onClick={save} disabled={saving}>
                {saving && <Spinner />}
                {saving ? t("saving") : t("saveChanges")}
              </Button>
            </>
          ) : (
            <Button onClick={() => setEditing(true)} disabled={!data}>
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

      <Card className="mt-8 overflow-hidden">
        <div className="h-20 bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500 sm:h-24" aria-hidden="true" />
        <CardContent className="flex flex-col gap-5 pb-6 sm:flex-row sm:items-start">
          <div className="-mt-10 w-fit shrink-0 rounded-full ring-4 ring-card">
            <Avatar name={name} photoURL={user?.photoURL} size="lg" />
          </div>
          <div className="min-w-0 flex-1 sm:pt-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate text-xl font-semibold">{name}</h2>
              <Badge variant={plan === "professional" ? "default" : "secondary"}>
                {plan === "professional" && <Crown className="size-3" />}
                {planName(plan)}
              </Badge>
            </div>
            <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <Mail className="size-4 shrink-0" /> <span className="truncate">{data?.email ?? user?.email}</span>
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4 shrink-0" /> {t("memberSince", { date: formatDate(data?.createdAt, "long") })}
              </span>
            </div>
          </div>
          <div className="flex items-center gap-3 sm:pt-4">
            <div
              className="flex size-16 items-center justify-center overflow-hidden rounded-xl border bg-muted/50"
              title={t("companyLogo")}
            >
              {logo ? (
                <img src={logo} alt={t("companyLogo")} className="size-full object-contain p-1.5" data-testid="company-logo" />
              ) : (
                <Building2 className="size-7 text-muted-foreground" aria-label={t("noCompanyLogo")} />
              )}
            </div>
            {editing && (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  className="sr-only"
                  onChange={chooseLogo}
                  aria-label={t("logoFile")}
                  tabIndex={-1}
                />
                <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={saving}>
                  <ImagePlus /> {logo ? t("changeLogo") : t("uploadLogo")}
                </Button>
              </>
            )}
          </div>
        </CardContent>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserRound className="size-5 text-primary" /> {t("personal")}
            </CardTitle>
            <CardDescription>{t("personalText", { product: PRODUCT_NAME })}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <Field
              label={t("displayName")}
              id="displayName"
              value={form.displayName}
              onChange={set("displayName")}
              editing={editing}
              max={200}
              className="sm:col-span-2"
            />
            <Field
              label={t("firstName")}
              id="firstName"
              value={form.firstName}
              onChange={set("firstName")}
              editing={editing}
              max={100}
              autoComplete="given-name"
            />
            <Field
              label={t("lastName")}
              id="lastName"
              value={form.lastName}
              onChange={set("lastName")}
              editing={editing}
              max={100}
              autoComplete="family-name"
            />
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor="email">{t("email")}</Label>
              <Input id="email" type="email" value={data?.email ?? user?.email ?? ""} readOnly disabled />
              <p className="text-xs text-muted-foreground">{t("emailLocked")}</p>
            </div>
            <Field
              label={t("phoneNumber")}
              id="phoneNumber"
              type="tel"
              value={form.phoneNumber}
              onChange={set("phoneNumber")}
              editing={editing}
              max={40}
              autoComplete="tel"
            />
            <Field
              label={t("company")}
              id="company"
              value={form.company}
              onChange={set("company")}
              editing={editing}
              max={200}
              autoComplete="organization"
            />
            <Field
              label={t("companyAddress")}
              id="companyAddress"
              value={form.companyAddress}
              onChange={set("companyAddress")}
              editing={editing}
              max={500}
              className="sm:col-span-2"
            />
            <Field
              label={t("companyPhone")}
              id="companyPhone"
              type="tel"
              value={form.companyPhone}
              onChange={set("companyPhone")}
              editing={editing}
              max={40}
            />
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <AccountStatus uid={uid} profile={data} />
          <UsageMeters />

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Cloud className="size-5 text-primary" /> {t("salesforce")}
              </CardTitle>
              <CardDescription>{t("salesforceText")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Field
                label={t("username")}
                id="salesforceUsername"
                value={form.salesforceUsername}
                onChange={set("salesforceUsername")}
                editing={editing}
                max={320}
              />
              <Field
                label={t("instanceUrl")}
                id="salesforceInstanceUrl"
                type="url"
                placeholder={t("instanceUrlPlaceholder")}
                value={form.salesforceInstanceUrl}
                onChange={set("salesforceInstanceUrl")}
                editing={editing}
                max={500}
              />
              <Field
                label={t("securityToken")}
                id="salesforceSecurityToken"
                type="password"
                value={form.salesforceSecurityToken}
                onChange={set("salesforceSecurityToken")}
                editing={editing}
                max={200}
                autoComplete="off"
              />
            </CardContent>
          </Card>
        </div>
      </div>
    </Page>
  );
}

function Field({
  label,
  id,
  value,
  onChange,
  editing,
  max,
  type = "text",
  placeholder,
  autoComplete,
  className,
}: {
  label: string;
  id: string;
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  editing: boolean;
  max: number;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
}) {
  const { t } = useTranslation("profile");
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={onChange}
        readOnly={!editing}
        maxLength={max}
        placeholder={editing ? placeholder : value ? undefined : t("notSet")}
        autoComplete={autoComplete}
      />
    </div>
  );
}
