import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AlertCircle, CheckCircle2, KeyRound, Lock } from "lucide-react";
import { PASSWORD_MIN_LENGTH } from "@quorum/core/auth/schema";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { resetLinkEmail, setNewPassword } from "./actions";
import { ActionCard } from "./ActionCard";
import { useAuthDialogs } from "./dialogs";
import { errorCode, passwordResetFailure } from "./errors";

type State =
  { kind: "checking" } | { kind: "ready"; email: string } | { kind: "done"; email: string } | { kind: "broken"; message: string };

/** The reset link's page: checks the link, takes a new password, then offers Sign In with it. */
export function AuthActionPage({ mode, oobCode }: { mode: string; oobCode: string }) {
  const { t } = useTranslation("auth");
  const { openSignIn } = useAuthDialogs();
  const [state, setState] = React.useState<State>({ kind: "checking" });
  const [error, setError] = React.useState<string | null>(null);
  const NewPassword = React.useMemo(
    () => z.object({ password: z.string().min(PASSWORD_MIN_LENGTH, passwordResetFailure("auth/weak-password")) }),
    [],
  );
  const form = useForm({ resolver: zodResolver(NewPassword), defaultValues: { password: "" } });

  React.useEffect(() => {
    if (mode !== "resetPassword" || !oobCode) {
      setState({ kind: "broken", message: t("reset.unsupportedLink") });
      return;
    }
    let current = true;
    resetLinkEmail(oobCode).then(
      (email) => current && setState({ kind: "ready", email }),
      (e) => current && setState({ kind: "broken", message: passwordResetFailure(errorCode(e)) }),
    );
    return () => {
      current = false;
    };
  }, [mode, oobCode, t]);

  async function save({ password }: z.infer<typeof NewPassword>) {
    if (state.kind !== "ready") return;
    setError(null);
    try {
      await setNewPassword(oobCode, password);
      setState({ kind: "done", email: state.email });
    } catch (e) {
      setError(passwordResetFailure(errorCode(e)));
    }
  }

  return (
    <ActionCard
      testId="reset-password"
      icon={KeyRound}
      title={t("reset.title")}
      description={state.kind === "ready" ? t("reset.forAccount", { email: state.email }) : undefined}
      checking={state.kind === "checking" ? t("reset.checking") : undefined}
      problem={state.kind === "broken" ? state.message : undefined}
    >
      {state.kind === "ready" && (
        <form className="grid gap-3" onSubmit={form.handleSubmit(save)} noValidate>
          <Field id="new-password" label={t("reset.newPassword")} error={form.formState.errors.password?.message}>
            <Input
              icon={Lock}
              id="new-password"
              type="password"
              autoComplete="new-password"
              autoFocus
              {...form.register("password")}
              disabled={form.formState.isSubmitting}
            />
          </Field>
          {error && (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting && <Spinner />} {t("reset.save")}
          </Button>
        </form>
      )}
      {state.kind === "done" && (
        <>
          <Alert variant="success">
            <CheckCircle2 />
            <AlertDescription>{t("reset.done", { email: state.email })}</AlertDescription>
          </Alert>
          <Button size="lg" onClick={() => openSignIn()}>
            {t("signIn.signIn")}
          </Button>
        </>
      )}
      {state.kind === "broken" && (
        <Button variant="outline" onClick={() => openSignIn()}>
          {t("signIn.signIn")}
        </Button>
      )}
    </ActionCard>
  );
}
