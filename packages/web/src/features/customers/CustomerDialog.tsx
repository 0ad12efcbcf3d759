import * as React from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { Field } from "@/components/ui/field";
import {
  CREDIT_LIMIT_OPTIONS,
  CUSTOMER_STATUSES,
  CustomerFormSchema,
  EMPTY_CUSTOMER,
  PAYMENT_TERMS,
  customerForm,
  creditLimitLabel,
  paymentTermsLabel,
  statusLabel,
  type Customer,
  type CustomerForm,
  type CustomerStatus,
} from "./model";
import { useSaveCustomer } from "./queries";
import { CUSTOMER_MAX_LENGTHS } from "@quorum/core/customer/schema";

/** 'Add New Customer' or, given a customer, 'Edit Customer'. */
export function CustomerDialog({
  uid,
  open,
  onOpenChange,
  customer,
}: {
  uid: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer?: Customer;
}) {
  const { t } = useTranslation("customers");
  const { t: tc } = useTranslation("common");
  const save = useSaveCustomer(uid);
  const form = useForm({
    resolver: zodResolver(CustomerFormSchema),
    defaultValues: EMPTY_CUSTOMER,
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { reset, setValue } = form;
  const [status, taxExempt, paymentTerms, creditLimit] = form.watch(["status", "taxExempt", "paymentTerms", "creditLimit"]);
  const companyNameMissing = !!form.formState.errors.companyName;

  // Each opening starts from the customer being edited, or from the defaults.
  React.useEffect(() => {
    if (open) reset(customer ? customerForm(customer) : EMPTY_CUSTOMER);
  }, [open, customer, reset]);

  const text = (key: keyof CustomerForm & keyof typeof CUSTOMER_MAX_LENGTHS) => ({
    id: `customer-${key}`,
    ...form.register(key),
    maxLength: CUSTOMER_MAX_LENGTHS[key],
  });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: customer?.id, form: values },
      {
        onSuccess: () => {
          toast({ title: t(customer ? "toast.customerUpdated" : "toast.customerCreated") });
          onOpenChange(false);
        },
        onError: () => toast({ title: t(customer ? "toast.customerUpdateFailed" : "toast.customerCreateFailed"), variant: "destructive" }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t(customer ? "customerDialog.editTitle" : "customerDialog.addTitle")}</DialogTitle>
          <DialogDescription>{t(customer ? "customerDialog.editDescription" : "customerDialog.addDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="customer-companyName"
              label={t("fields.companyName")}
              error={companyNameMissing ? t("problems.companyName") : undefined}
              className="sm:col-span-2"
            >
              <Input {...text("companyName")} autoFocus aria-invalid={companyNameMissing} />
            </Field>
            <Field id="customer-industry" label={t("fields.industry")}>
              <Input {...text("industry")} />
            </Field>
            <Field id="customer-website" label={t("fields.website")}>
              <Input {...text("website")} placeholder={t("fields.websitePlaceholder")} inputMode="url" />
            </Field>
            <Field id="customer-status" label={t("fields.status")}>
              <Select value={status} onValueChange={(v) => setValue("status", v as CustomerStatus)}>
                <SelectTrigger id="customer-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CUSTOMER_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {statusLabel(t, s)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          </div>

          <fieldset className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">{t("fields.billing")}</legend>
            <Field id="customer-billingAddress" label={t("fields.billingAddress")} className="sm:col-span-2">
              <Input {...text("billingAddress")} />
            </Field>
            <Field id="customer-billingCity" label={t("fields.billingCity")}>
              <Input {...text("billingCity")} />
            </Field>
            <Field id="customer-billingState" label={t("fields.billingState")}>
              <Input {...text("billingState")} />
            </Field>
            <Field id="customer-billingZip" label={t("fields.billingZip")}>
              <Input {...text("billingZip")} />
            </Field>
            <Field id="customer-billingCountry" label={t("fields.billingCountry")}>
              <Input {...text("billingCountry")} />
            </Field>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="customer-taxId" label={t("fields.taxId")}>
              <Input {...text("taxId")} />
            </Field>
            <div className="flex items-center gap-2 self-end pb-2.5">
              <Checkbox
                id="customer-taxExempt"
                checked={taxExempt === "yes"}
                onCheckedChange={(checked) => setValue("taxExempt", checked === true ? "yes" : "no")}
              />
              <Label htmlFor="customer-taxExempt">{t("fields.taxExempt")}</Label>
            </div>
            <Field id="customer-paymentTerms" label={t("fields.paymentTerms")}>
              <Select value={paymentTerms ?? ""} onValueChange={(v) => setValue("paymentTerms", v)}>
                <SelectTrigger id="customer-paymentTerms">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {[...new Set([...PAYMENT_TERMS, paymentTerms ?? ""].filter(Boolean))].map((term) => (
                    <SelectItem key={term} value={term}>
                      {paymentTermsLabel(t, term)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id="customer-creditLimit" label={t("fields.creditLimit")}>
              <Select value={creditLimit ?? ""} onValueChange={(v) => setValue("creditLimit", v)}>
                <SelectTrigger id="customer-creditLimit">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {[...new Set([...CREDIT_LIMIT_OPTIONS, creditLimit ?? ""].filter(Boolean))].map((limit) => (
                    <SelectItem key={limit} value={limit}>
                      {creditLimitLabel(t, limit)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          </div>

          <Field id="customer-notes" label={t("fields.notes")}>
            <Textarea {...text("notes")} rows={3} />
          </Field>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t("saving") : tc("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
