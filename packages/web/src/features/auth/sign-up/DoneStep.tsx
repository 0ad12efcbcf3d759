import { useTranslation } from "react-i18next";
import { CheckCircle2 } from "lucide-react";
import { DialogDescription, DialogTitle } from "@/components/ui/dialog";

/** The last word before the workspace opens: paid, or simply created. */
export function DoneStep({ paid }: { paid: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <div className="grid place-items-center gap-3 py-6 text-center" role="status">
      <CheckCircle2 className="size-12 text-success" />
      <DialogTitle className="text-2xl">{paid ? t("signUp.paymentSuccessful") : t("signUp.accountCreated")}</DialogTitle>
      <DialogDescription>{t("signUp.takingYou")}</DialogDescription>
    </div>
  );
}
