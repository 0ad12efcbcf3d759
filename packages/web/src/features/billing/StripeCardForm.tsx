import * as React from "react";
import { i18next } from "@/i18n";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
// "pure" loads Stripe.js when asked, not as a side effect of importing the module.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Appearance, Stripe } from "@stripe/stripe-js";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { useTheme } from "@/features/theme/ThemeProvider";
import type { CardFormProps } from "./PaymentStep";

/** The card form supplied by the card payment provider: Stripe's Payment Element. */

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    // A failed download (offline, blocked) may be retried by the next attempt.
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/** Stripe's form in the product's colours, light or dark. */
function appearanceFor(theme: "light" | "dark"): Appearance {
  return {
    theme: theme === "dark" ? "night" : "stripe",
    variables: {
      colorPrimary: theme === "dark" ? "#8b86f7" : "#4f46e5",
      colorBackground: theme === "dark" ? "#1c1b29" : "#ffffff",
      borderRadius: "8px",
      fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      spacingUnit: "4px",
    },
  };
}

export default function StripeCardForm(props: CardFormProps) {
  const { theme } = useTheme();
  const publishableKey = props.setup.publishableKey ?? import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY;
  const stripe = React.useMemo(() => (publishableKey ? stripeFor(publishableKey) : null), [publishableKey]);
  const { onSetupError } = props;

  React.useEffect(() => {
    if (!stripe) {
      onSetupError(new Error("No Stripe publishable key"));
      return;
    }
    let live = true;
    stripe.then(
      (instance) => live && !instance && onSetupError(new Error("Stripe.js is not available")),
      (error: unknown) => live && onSetupError(error),
    );
    return () => {
      live = false;
    };
  }, [stripe, onSetupError]);

  if (!stripe) return null;
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.setup.clientSecret, appearance: appearanceFor(theme) }}>
      <CheckoutForm {...props} />
    </Elements>
  );
}

function CheckoutForm({ setup, payLabel, processing, onProcessing, onPaid, onSetupError }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = React.useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    onProcessing(true);
    try {
      // No redirect unless the payment method demands one; the return URL is the site origin.
      const options = { elements, confirmParams: { return_url: window.location.origin }, redirect: "if_required" as const };
      // A trial saves the card (SetupIntent); otherwise the first invoice is paid (PaymentIntent).
      const result = setup.intentType === "setup" ? await stripe.confirmSetup(options) : await stripe.confirmPayment(options);
      if (result.error) {
        onProcessing(false);
        toast({ title: i18next.t("billing:payment.failed"), description: result.error.message, variant: "destructive" });
        return;
      }
      const status = "setupIntent" in result ? result.setupIntent.status : result.paymentIntent.status;
      if (status === "succeeded" || status === "processing") {
        onPaid();
        return;
      }
      onProcessing(false);
      toast({
        title: i18next.t("billing:payment.failed"),
        description: `The payment is ${status.replace(/_/g, " ")}.`,
        variant: "destructive",
      });
    } catch (error) {
      console.error("Payment confirmation failed", error);
      onProcessing(false);
      toast({
        title: i18next.t("billing:payment.error"),
        description: i18next.t("billing:payment.errorText"),
        variant: "destructive",
      });
    }
  }

  return (
    <form className="grid gap-4" onSubmit={pay}>
      <div className="min-h-[120px]">
        <PaymentElement onReady={() => setReady(true)} onLoadError={(e) => onSetupError(e.error)} options={{ layout: "tabs" }} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !ready || processing}>
        {processing ? (
          <>
            <Spinner /> {i18next.t("billing:payment.processing")}
          </>
        ) : (
          payLabel
        )}
      </Button>
    </form>
  );
}
