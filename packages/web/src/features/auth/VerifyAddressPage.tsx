import * as React from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CheckCircle2, MailCheck } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { confirmAddress } from "./actions";
import { ActionCard } from "./ActionCard";
import { useAuth } from "./context";
import { useAuthDialogs } from "./dialogs";
import { errorCode } from "./errors";
import { recheckAddress } from "./verification";

/** A code works once: a second render of the page (React's strict mode, a remount) waits for the first use. */
const confirmations = new Map<string, Promise<void>>();
function confirmOnce(oobCode: string) {
  let confirming = confirmations.get(oobCode);
  if (!confirming) confirmations.set(oobCode, (confirming = confirmAddress(oobCode).then(recheckAddress)));
  return confirming;
}

type State = { kind: "checking" } | { kind: "done" } | { kind: "broken"; message: string };

/** The verification link's page: confirms the address, and tells this tab's session so the banner goes away. */
export function VerifyAddressPage({ oobCode }: { oobCode: string }) {
  const { t } = useTranslation(["notify", "auth"]);
  const { user } = useAuth();
  const { openSignIn } = useAuthDialogs();
  const [state, setState] = React.useState<State>({ kind: "checking" });

  React.useEffect(() => {
    let current = true;
    confirmOnce(oobCode).then(
      () => current && setState({ kind: "done" }),
      (e) =>
        current &&
        setState({
          kind: "broken",
          message: errorCode(e) === "auth/network-request-failed" ? t("auth:errors.network") : t("verify.linkUsed"),
        }),
    );
    return () => {
      current = false;
    };
  }, [oobCode, t]);

  return (
    <ActionCard
      testId="verify-address"
      icon={MailCheck}
      title={t("verify.title")}
      checking={state.kind === "checking" ? t("verify.checking") : undefined}
      problem={state.kind === "broken" ? state.message : undefined}
    >
      {state.kind === "done" && (
        <Alert variant="success">
          <CheckCircle2 />
          <AlertDescription>{t("verify.done")}</AlertDescription>
        </Alert>
      )}
      {state.kind !== "checking" &&
        (user ? (
          <Button size="lg" asChild>
            <Link to="/chat">{t("verify.continue")}</Link>
          </Button>
        ) : (
          <Button size="lg" onClick={() => openSignIn()}>
            {t("auth:signIn.signIn")}
          </Button>
        ))}
    </ActionCard>
  );
}
