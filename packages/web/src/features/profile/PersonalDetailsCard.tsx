import { useTranslation } from "react-i18next";
import { UserRound } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PRODUCT_NAME } from "@/lib/product";
import { ProfileTextField } from "./ProfileTextField";

/** Who the user is and their company; the email is shown but is the account's login, not theirs to change here. */
export function PersonalDetailsCard({ email, editing }: { email: string; editing: boolean }) {
  const { t } = useTranslation("profile");
  return (
    <Card className="self-start lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-5 text-primary" /> {t("personal")}
        </CardTitle>
        <CardDescription>{t("personalText", { product: PRODUCT_NAME })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <ProfileTextField name="displayName" label={t("displayName")} editing={editing} className="sm:col-span-2" />
        <ProfileTextField name="firstName" label={t("firstName")} editing={editing} autoComplete="given-name" />
        <ProfileTextField name="lastName" label={t("lastName")} editing={editing} autoComplete="family-name" />
        <Field id="email" label={t("email")} className="sm:col-span-2">
          <Input id="email" type="email" value={email} readOnly disabled />
          <p className="text-xs text-muted-foreground">{t("emailLocked")}</p>
        </Field>
        <ProfileTextField name="phoneNumber" label={t("phoneNumber")} editing={editing} type="tel" autoComplete="tel" />
        <ProfileTextField name="company" label={t("company")} editing={editing} autoComplete="organization" />
        <ProfileTextField name="companyAddress" label={t("companyAddress")} editing={editing} className="sm:col-span-2" />
        <ProfileTextField name="companyPhone" label={t("companyPhone")} editing={editing} type="tel" />
      </CardContent>
    </Card>
  );
}
