import { Controller, useForm, type Control } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { i18next } from "@/i18n";
import { CreditCard, FlaskConical } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { TestCard } from "@quorum/core/billing/schema";
import { confirmTestPayment } from "./api";
import type { CardFormProps } from "./PaymentStep";

/**
 * The card form when the server has no Stripe keys (a local stack): Stripe.js
 * cannot load offline, so this clearly labelled form confirms through the
 * server's test provider, which follows the same flow as Stripe (intent,
 * confirmation, signed webhook, plan activated by the server).
 */

const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

function formatExpiry(raw: string) {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

function defaultExpiry() {
  const year = (new Date().getFullYear() + 3) % 100;
  return `12 / ${String(year).padStart(2, "0")}`;
}

/** Rejections the payer can act on (declined card, invalid number) carry the provider's message. */
const PAYER_FACING = new Set([400, 402, 409]);

/** What the test card fields hold, as typed. */
interface TestCardEntry {
  number: string;
  expiry: string;
  cvc: string;
}

/** The card as the server's test provider reads it. */
function testCardOf(entry: TestCardEntry): z.input<typeof TestCard> {
  const [month = "", year = ""] = entry.expiry.split("/").map((part) => part.trim());
  return { number: entry.number, expMonth: Number(month), expYear: 2000 + Number(year), cvc: entry.cvc };
}

/** The fields as typed, read into the card the server's schema takes. */
const TestCardEntry = z.object({ number: z.string(), expiry: z.string(), cvc: z.string() }).transform(testCardOf).pipe(TestCard);

/** A test card form's state, filled with Stripe's always-accepted test card. */
export function useTestCardForm() {
  return useForm<TestCardEntry, unknown, TestCard>({
    resolver: zodResolver(TestCardEntry),
    defaultValues: { number: "4242 4242 4242 4242", expiry: defaultExpiry(), cvc: "123" },
  });
}

export function TestCardForm({ setup, payLabel, processing, onProcessing, onPaid }: CardFormProps) {
  const form = useTestCardForm();

  async function pay(card: TestCard) {
    onProcessing(true);
    try {
      await confirmTestPayment(setup, card);
    } catch (error) {
      onProcessing(false);
      if (error instanceof ApiError && PAYER_FACING.has(error.status)) {
        toast({ title: i18next.t("billing:payment.failed"), description: error.detail, variant: "destructive" });
      } else {
        console.error("Test payment failed", error);
        toast({
          title: i18next.t("billing:payment.error"),
          description: i18next.t("billing:payment.errorText"),
          variant: "destructive",
        });
      }
      return;
    }
    onPaid();
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(pay)} noValidate data-testid="test-card-form">
      <div
        className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
        role="note"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
        <div className="text-sm leading-snug">
          <p className="font-semibold">{i18next.t("billing:testCard.title")}</p>
          <p className="mt-0.5 text-amber-900/80 dark:text-amber-100/75">{i18next.t("billing:testCard.text")}</p>
        </div>
      </div>

      <TestCardFields control={form.control} disabled={processing} />

      <Button type="submit" size="lg" className="w-full" disabled={processing}>
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

/** Card number, expiry and CVC, as Stripe's card element lays them out. */
export function TestCardFields({ control, disabled }: { control: Control<TestCardEntry, unknown, TestCard>; disabled?: boolean }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="test-card-number">{i18next.t("billing:testCard.information")}</Label>
      <div className="overflow-hidden rounded-md border border-input shadow-xs focus-within:ring-2 focus-within:ring-ring">
        <div className="relative">
          <CreditCard className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Controller
            control={control}
            name="number"
            render={({ field }) => (
              <input
                id="test-card-number"
                inputMode="numeric"
                autoComplete="cc-number"
                aria-label={i18next.t("billing:testCard.number")}
                className={fieldClass("w-full pl-9 pr-16")}
                {...field}
                onChange={(e) => field.onChange(groupDigits(e.target.value.replace(/\D/g, "").slice(0, 19)))}
                disabled={disabled}
              />
            )}
          />
          <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 rounded border bg-muted px-1.5 py-px text-[10px] font-bold tracking-wider text-muted-foreground">
            TEST
          </span>
        </div>
        <div className="grid grid-cols-2 border-t border-input">
          <Controller
            control={control}
            name="expiry"
            render={({ field }) => (
              <input
                inputMode="numeric"
                autoComplete="cc-exp"
                aria-label={i18next.t("billing:testCard.expiry")}
                placeholder={i18next.t("billing:testCard.expiryPlaceholder")}
                className={fieldClass("border-r border-input")}
                {...field}
                onChange={(e) => field.onChange(formatExpiry(e.target.value))}
                disabled={disabled}
              />
            )}
          />
          <Controller
            control={control}
            name="cvc"
            render={({ field }) => (
              <input
                inputMode="numeric"
                autoComplete="cc-csc"
                aria-label={i18next.t("billing:testCard.cvc")}
                placeholder={i18next.t("billing:testCard.cvcPlaceholder")}
                className={fieldClass()}
                {...field}
                onChange={(e) => field.onChange(e.target.value.replace(/\D/g, "").slice(0, 4))}
                disabled={disabled}
              />
            )}
          />
        </div>
      </div>
    </div>
  );
}

function fieldClass(extra?: string) {
  return cn("h-10 bg-background px-3 text-sm tabular-nums outline-none placeholder:text-muted-foreground disabled:opacity-60", extra);
}
