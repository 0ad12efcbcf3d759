import * as React from "react";
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageLoader } from "@/components/layout/PageLoader";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { finishConnect, salesforceKey } from "./queries";

/** Where Salesforce sends the browser back: the code goes to the server with the user's token, then /profile. */
export function SalesforceCallbackPage({ code, state, error }: { code?: string; state: string; error?: string }) {
  const { t } = useTranslation("profile");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sent = React.useRef(false);

  React.useEffect(() => {
    // Once: a code is good for one exchange.
    if (sent.current) return;
    sent.current = true;
    finishConnect({ code, state, error })
      .then(
        () => toast({ title: t("sf.connected") }),
        (failure: unknown) =>
          toast({
            title: t("sf.failed"),
            description: failure instanceof ApiError ? failure.detail : t("sf.tryAgain"),
            variant: "destructive",
          }),
      )
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: salesforceKey });
        void navigate({ to: "/profile", replace: true });
      });
  }, [code, state, error, navigate, queryClient, t]);

  return <PageLoader text={t("sf.finishing")} />;
}
