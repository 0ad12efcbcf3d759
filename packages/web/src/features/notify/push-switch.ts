import { toast } from "@/hooks/use-toast";
import { i18next } from "@/i18n";
import { disablePush, enablePush } from "./push";

/**
 * The Settings push switch moved: on asks the browser's permission (only now) and
 * subscribes; off ends this browser's subscription. When this browser cannot
 * receive pushes a toast says why; the switch stays the account's choice (other
 * browsers and devices of the account may subscribe).
 */
export async function onPushSwitched(on: boolean) {
  const t = (key: string) => i18next.t(`notify:${key}`);
  try {
    if (!on) return await disablePush();
    const outcome = await enablePush();
    if (outcome === "subscribed") return;
    const kind = outcome === "denied" ? "pushDenied" : "pushUnsupported";
    toast({ title: t(`${kind}Title`), description: t(`${kind}Body`), variant: "destructive" });
  } catch (error) {
    console.error("Switching push notifications failed", error);
    if (!on) return;
    toast({ title: t("pushFailedTitle"), description: t("pushFailedBody"), variant: "destructive" });
  }
}
