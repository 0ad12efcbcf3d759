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
import { ContactFormSchema, contactForm, emptyContact, type Contact, type Customer } from "./model";
import { useSaveContact } from "./queries";
import { CONTACT_MAX_LENGTHS } from "@quorum/core/contact/schema";

/** 'Add New Contact' (optionally for a preselected customer) or 'Edit Contact'. */
export function ContactDialog({
  uid,
  open,
  onOpenChange,
  customers,
  contact,
  customerId,
}: {
  uid: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customers: Customer[];
  contact?: Contact;
  /** The customer an 'Add Contact' on its card preselects. */
  customerId?: number;
}) {
  const { t } = useTranslation("customers");
  const { t: tc } = useTranslation("common");
  const save = useSaveContact(uid);
  const form = useForm({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: emptyContact(),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { reset, setValue } = form;
  const { errors } = form.formState;
  const [chosenCustomer, isPrimary] = form.watch(["customerId", "isPrimary"]);

  React.useEffect(() => {
    if (open) reset(contact ? contactForm(contact) : emptyContact(customerId ?? 0));
  }, [open, contact, customerId, reset]);

  const text = (key: keyof typeof CONTACT_MAX_LENGTHS) => ({
    id: `contact-${key}`,
    ...form.register(key),
    maxLength: CONTACT_MAX_LENGTHS[key],
    "aria-invalid": !!errors[key],
  });
  /** The message of a field core's rules refused, in the language on screen. */
  const problem = (key: "customerId" | "firstName" | "lastName" | "email") =>
    errors[key] ? t(key === "customerId" ? "problems.customer" : `problems.${key}`) : undefined;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: contact?.id, form: values },
      {
        onSuccess: () => {
          toast({ title: t(contact ? "toast.contactUpdated" : "toast.contactCreated") });
          onOpenChange(false);
        },
        onError: () => toast({ title: t(contact ? "toast.contactUpdateFailed" : "toast.contactCreateFailed"), variant: "destructive" }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t(contact ? "contactDialog.editTitle" : "contactDialog.addTitle")}</DialogTitle>
          <DialogDescription>{t(contact ? "contactDialog.editDescription" : "contactDialog.addDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="contact-customerId" label={t("fields.customer")} error={problem("customerId")}>
            <Select value={chosenCustomer ? String(chosenCustomer) : ""} onValueChange={(v) => setValue("customerId", Number(v))}>
              <SelectTrigger id="contact-customerId" aria-invalid={!!errors.customerId}>
                <SelectValue placeholder={t("fields.selectCustomer")} />
              </SelectTrigger>
              <SelectContent>
                {customers.map((c) => (
                  <SelectItem key={c.id} value={String(c.id)}>
                    {c.companyName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="contact-firstName" label={t("fields.firstName")} error={problem("firstName")}>
              <Input {...text("firstName")} />
            </Field>
            <Field id="contact-lastName" label={t("fields.lastName")} error={problem("lastName")}>
              <Input {...text("lastName")} />
            </Field>
            <Field id="contact-email" label={t("fields.email")} error={problem("email")}>
              <Input {...text("email")} type="email" />
            </Field>
            <Field id="contact-phone" label={t("fields.phone")}>
              <Input {...text("phone")} type="tel" />
            </Field>
            <Field id="contact-mobile" label={t("fields.mobile")}>
              <Input {...text("mobile")} type="tel" />
            </Field>
            <Field id="contact-title" label={t("fields.title")}>
              <Input {...text("title")} />
            </Field>
            <Field id="contact-department" label={t("fields.department")}>
              <Input {...text("department")} />
            </Field>
            <div className="flex items-center gap-2 self-end pb-2.5">
              <Checkbox id="contact-isPrimary" checked={isPrimary} onCheckedChange={(checked) => setValue("isPrimary", checked === true)} />
              <Label htmlFor="contact-isPrimary">{t("fields.isPrimary")}</Label>
            </div>
          </div>
          <Field id="contact-notes" label={t("fields.notes")}>
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
