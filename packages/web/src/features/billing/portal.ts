import { useMutation } from "@tanstack/react-query";
import { i18next } from "@/i18n";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { openBillingPortal } from "./api";

/*
 * The billing portal's button lives on every page (the plan notice) and on /profile; kept apart
 * from the account status card so the shell does not carry the upgrade and payment code.
 */

export function failed(title: string) {
  return (error: unknown) =>
    toast({
      title,
      description: error instanceof ApiError && error.status < 500 ? error.detail : i18next.t("billing:status.tryAgain"),
      variant: "destructive",
    });
}

/** Opens the server-made Customer Portal session (Stripe's, or the local test-mode page). */
export function useBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: failed(i18next.t("billing:status.openFailed")),
  });
}
