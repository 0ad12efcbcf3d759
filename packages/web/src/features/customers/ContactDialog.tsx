import * as React from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { Field } from "./Field";
import { contactForm, contactProblems, emptyContact, type Contact, type ContactForm, type Customer } from "./model";
import { useSaveContact } from "./queries";

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
  const save = useSaveContact(uid);
  const [form, setForm] = React.useState<ContactForm>(() => emptyContact());
  const [problems, setProblems] = React.useState<Partial<Record<keyof ContactForm, string>>>({});

  React.useEffect(() => {
    if (!open) return;
    setForm(contact ? contactForm(contact) : emptyContact(customerId ?? 0));
    setProblems({});
  }, [open, contact, customerId]);

  const set = <K extends keyof ContactForm>(key: K, value: ContactForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: "firstName" | "lastName" | "email" | "phone" | "mobile" | "title" | "department" | "notes") => ({
    id: `contact-${key}`,
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
    "aria-invalid": !!problems[key],
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = contactProblems(form);
    setProblems(found);
    if (Object.keys(found).length) return;
    const trimmed = { ...form, firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() };
    save.mutate(
      { id: contact?.id, form: trimmed },
      {
        onSuccess: () => {
          toast({ title: contact ? "Contact updated successfully" : "Contact created successfully" });
          onOpenChange(false);
        },
        onError: () => toast({ title: contact ? "Failed to update contact" : "Failed to create contact", variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contact ? "Edit Contact" : "Add New Contact"}</DialogTitle>
          <DialogDescription>
            {contact ? "Update contact information below." : "Enter contact information to create a new contact."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="contact-customerId" label="Customer *" error={problems.customerId}>
            <Select value={form.customerId ? String(form.customerId) : ""} onValueChange={(v) => set("customerId", Number(v))}>
              <SelectTrigger id="contact-customerId" aria-invalid={!!problems.customerId}>
                <SelectValue placeholder="Select a customer" />
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
            <Field id="contact-firstName" label="First Name *" error={problems.firstName}>
              <Input {...text("firstName")} maxLength={100} />
            </Field>
            <Field id="contact-lastName" label="Last Name *" error={problems.lastName}>
              <Input {...text("lastName")} maxLength={100} />
            </Field>
            <Field id="contact-email" label="Email" error={problems.email}>
              <Input {...text("email")} type="email" maxLength={320} />
            </Field>
            <Field id="contact-phone" label="Phone">
              <Input {...text("phone")} type="tel" maxLength={40} />
            </Field>
            <Field id="contact-mobile" label="Mobile">
              <Input {...text("mobile")} type="tel" maxLength={40} />
            </Field>
            <Field id="contact-title" label="Title">
              <Input {...text("title")} maxLength={200} />
            </Field>
            <Field id="contact-department" label="Department">
              <Input {...text("department")} maxLength={200} />
            </Field>
            <div className="flex items-center gap-2 self-end pb-2.5">
              <Checkbox id="contact-isPrimary" checked={form.isPrimary} onCheckedChange={(checked) => set("isPrimary", checked === true)} />
              <Label htmlFor="contact-isPrimary">Primary Contact</Label>
            </div>
          </div>
          <Field id="contact-notes" label="Notes">
            <Textarea {...text("notes")} rows={3} maxLength={5000} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
