import { useTranslation } from "react-i18next";
import { Link } from "@tanstack/react-router";
import { UserCog } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { i18next } from "@/i18n";
import { planLabel } from "@/lib/product";

/** 'Free Plan' for the starter plan, the real plan otherwise. */
function accountType(plan: string | undefined) {
  return !plan || plan === "starter" ? i18next.t("settings:account.free") : planLabel(plan);
}

/** The account the settings belong to: its login email and plan, and the way to the profile. */
export function AccountSummaryCard({ email, plan }: { email: string | undefined; plan: string | undefined }) {
  const { t } = useTranslation("settings");
  return (
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
            <dd className="break-all font-medium">{email}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{t("account.type")}</dt>
            <dd>
              <Badge variant={plan === "professional" ? "default" : "secondary"}>{accountType(plan)}</Badge>
            </dd>
          </div>
        </dl>
        <Button asChild variant="link" className="mt-3 h-auto px-0">
          <Link to="/profile">{t("account.editProfile")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
