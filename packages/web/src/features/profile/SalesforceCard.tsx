import { useTranslation } from "react-i18next";
import { Cloud } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ProfileTextField } from "./ProfileTextField";

/** The Salesforce connection; the server only ever shows the security token masked. */
export function SalesforceCard({ editing }: { editing: boolean }) {
  const { t } = useTranslation("profile");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Cloud className="size-5 text-primary" /> {t("salesforce")}
        </CardTitle>
        <CardDescription>{t("salesforceText")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ProfileTextField name="salesforceUsername" label={t("username")} editing={editing} />
        <ProfileTextField
          name="salesforceInstanceUrl"
          label={t("instanceUrl")}
          editing={editing}
          type="url"
          placeholder={t("instanceUrlPlaceholder")}
        />
        <ProfileTextField name="salesforceSecurityToken" label={t("securityToken")} editing={editing} type="password" autoComplete="off" />
      </CardContent>
    </Card>
  );
}
