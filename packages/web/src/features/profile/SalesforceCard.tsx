import * as React from "react";
import { useTranslation } from "react-i18next";
import { Cloud, Link2, Unlink } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { connectUrl, useDisconnect, useSalesforceStatus } from "@/features/crm/queries";

/**
 * The Salesforce connection: Connect signs in to Salesforce (OAuth), Disconnect forgets
 * the tokens. A server without a connected app says so and offers nothing.
 */
export function SalesforceCard() {
  const { t } = useTranslation("profile");
  const status = useSalesforceStatus();
  const disconnect = useDisconnect();
  const [leaving, setLeaving] = React.useState(false);
  const failed = (error: unknown) =>
    toast({ title: t("sf.failed"), description: error instanceof ApiError ? error.detail : t("sf.tryAgain"), variant: "destructive" });

  async function connect() {
    setLeaving(true);
    try {
      window.location.assign(await connectUrl());
    } catch (error) {
      setLeaving(false);
      failed(error);
    }
  }

  const s = status.data;
  return (
    <Card data-testid="salesforce-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Cloud className="size-5 text-primary" /> {t("salesforce")}
        </CardTitle>
        <CardDescription>{t("sf.text")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {status.isPending && <Spinner />}
        {status.isError && <p className="text-muted-foreground">{t("sf.unavailable")}</p>}
        {s && !s.configured && <p className="text-muted-foreground">{t("sf.notSetUp")}</p>}
        {s?.configured && !s.connected && (
          <>
            <p className="text-muted-foreground">{t("sf.notConnected")}</p>
            <Button onClick={connect} disabled={leaving} className="justify-self-start">
              {leaving ? <Spinner /> : <Link2 />} {t("sf.connect")}
            </Button>
          </>
        )}
        {s?.connected && (
          <>
            <p>{t("sf.connectedTo", { url: s.instanceUrl, date: formatDate(s.connectedAt) })}</p>
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={disconnect.isPending}
              onClick={() => disconnect.mutate(undefined, { onError: failed })}
            >
              {disconnect.isPending ? <Spinner /> : <Unlink />} {t("sf.disconnect")}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
