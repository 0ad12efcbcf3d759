import { Building2, CreditCard, Globe, MapPin, Pencil, Receipt, Trash2, UserPlus, Users, BadgeCheck } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { GOOD_TEXT } from "@/features/projects/colors";
import { cn } from "@/lib/utils";
import { CREDIT_NOT_USED, cityLine, formatCreditLimit, paymentTermsLabel, statusLabel, websiteHref, type Customer } from "./model";

/** Badge colours: active green, inactive grey, suspended red, anything else grey. */
export function statusVariant(status: string): BadgeProps["variant"] {
  if (status === "active") return "success";
  if (status === "suspended") return "destructive";
  return "secondary";
}

function Line({ icon: Icon, children }: { icon: typeof Globe; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

/** One customer: only the details that are present, and its contact count. */
export function CustomerCard({
  customer,
  onAddContact,
  onEdit,
  onDelete,
}: {
  customer: Customer;
  onAddContact: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("customers");
  const href = websiteHref(customer.website);
  const city = cityLine(customer);
  const contacts = customer.contactCount ?? 0;
  return (
    <Card className="flex flex-col" data-testid="customer-card">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0 pb-3">
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Building2 className="size-5" aria-hidden="true" />
          </div>
          <h2 className="truncate text-base font-semibold" title={customer.companyName}>
            {customer.companyName}
          </h2>
        </div>
        <Badge variant={statusVariant(customer.status)} className={cn("shrink-0", customer.status === "active" && GOOD_TEXT)}>
          {statusLabel(t, customer.status)}
        </Badge>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-2">
        {customer.industry && <Line icon={Building2}>{customer.industry}</Line>}
        {customer.website && (
          <Line icon={Globe}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                {customer.website}
              </a>
            ) : (
              customer.website
            )}
          </Line>
        )}
        {customer.paymentTerms && (
          <Line icon={Receipt}>{t("card.paymentTerms", { terms: paymentTermsLabel(t, customer.paymentTerms) })}</Line>
        )}
        {customer.taxExempt && <Line icon={BadgeCheck}>{t("card.taxExempt", { answer: customer.taxExempt })}</Line>}
        {customer.creditLimit && customer.creditLimit !== CREDIT_NOT_USED && (
          <Line icon={CreditCard}>{t("card.creditLimit", { limit: formatCreditLimit(customer.creditLimit) })}</Line>
        )}
        {(customer.billingAddress || city) && (
          <Line icon={MapPin}>
            {customer.billingAddress && <div>{customer.billingAddress}</div>}
            {city && <div>{city}</div>}
          </Line>
        )}
        <Line icon={Users}>{t("card.contacts", { count: contacts })}</Line>
      </CardContent>
      <div className="flex items-center gap-2 border-t p-4">
        <Button variant="outline" size="sm" onClick={onAddContact}>
          <UserPlus />
          {t("addContact")}
        </Button>
        <div className="ml-auto flex gap-1">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t("card.edit", { name: customer.companyName })}>
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            aria-label={t("card.delete", { name: customer.companyName })}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 />
          </Button>
        </div>
      </div>
    </Card>
  );
}
