import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { Field } from "@/components/ui/field";
import { fullName } from "@/features/customers/model";
import { useContacts, useCustomers } from "@/features/customers/queries";
import { PROJECT_STATUSES, projectStatusLabel, type ProjectStatus, type ProjectWithLinks } from "./model";
import { useUpdateProject, type ProjectEdit } from "./queries";

const NONE = "none";

function formFrom(project: ProjectWithLinks): ProjectEdit {
  return {
    name: project.name,
    description: project.description ?? "",
    address: project.address ?? "",
    status: (PROJECT_STATUSES as readonly string[]).includes(project.status) ? (project.status as ProjectStatus) : "active",
    customerId: project.customerId ?? null,
    contactId: project.contactId ?? null,
  };
}

/**
 * 'Edit Project': changing the customer clears the contact,
 * and the contact can only be chosen among the chosen customer's contacts.
 */
export function EditProjectDialog({
  uid,
  project,
  open,
  onOpenChange,
}: {
  uid: string;
  project: ProjectWithLinks;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("projects");
  const { t: tc } = useTranslation("common");
  const update = useUpdateProject(uid, project.id);
  const customers = useCustomers(uid);
  const contacts = useContacts(uid);
  const [form, setForm] = React.useState<ProjectEdit>(() => formFrom(project));

  React.useEffect(() => {
    if (open) setForm(formFrom(project));
  }, [open, project]);

  const customerContacts = (contacts.data ?? []).filter((c) => form.customerId !== null && c.customerId === form.customerId);
  // A link to a record that is gone stays visible (and unchanged) until the user picks another.
  const goneCustomer = form.customerId !== null && customers.isSuccess && !customers.data.some((c) => c.id === form.customerId);
  const goneContact = form.contactId !== null && contacts.isSuccess && !customerContacts.some((c) => c.id === form.contactId);
  const text = (key: "name" | "description" | "address") => ({
    id: `edit-project-${key}`,
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { ...form, name: form.name.trim() || project.name },
      {
        onSuccess: () => {
          toast({ title: t("success"), description: t("edit.updated") });
          onOpenChange(false);
        },
        onError: () => toast({ title: t("error"), description: t("edit.failed"), variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("edit.title")}</DialogTitle>
          <DialogDescription>{t("edit.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="edit-project-name" label={t("fields.name")}>
            <Input {...text("name")} maxLength={200} />
          </Field>
          <Field id="edit-project-description" label={t("fields.description")}>
            <Textarea {...text("description")} rows={3} maxLength={5000} />
          </Field>
          <Field id="edit-project-address" label={t("fields.address")}>
            <Input {...text("address")} maxLength={500} />
          </Field>
          <Field id="edit-project-status" label={t("fields.status")}>
            <Select value={form.status} onValueChange={(v) => setForm((f) => ({ ...f, status: v as ProjectStatus }))}>
              <SelectTrigger id="edit-project-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PROJECT_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {projectStatusLabel(t, s)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="edit-project-customer" label={t("customer")}>
            <Select
              value={form.customerId === null ? NONE : String(form.customerId)}
              onValueChange={(v) => setForm((f) => ({ ...f, customerId: v === NONE ? null : Number(v), contactId: null }))}
            >
              <SelectTrigger id="edit-project-customer">
                <SelectValue placeholder={t(customers.isPending ? "fields.loadingCustomers" : "fields.selectCustomer")} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{t("fields.noCustomer")}</SelectItem>
                {goneCustomer && (
                  <SelectItem value={String(form.customerId)}>{t("customerId", { id: String(form.customerId) })}</SelectItem>
                )}
                {(customers.data ?? []).map((c) => (
                  <SelectItem key={c.id} value={String(c.id)}>
                    {c.companyName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="edit-project-contact" label={t("primaryContact")}>
            <Select
              value={form.contactId === null ? NONE : String(form.contactId)}
              onValueChange={(v) => setForm((f) => ({ ...f, contactId: v === NONE ? null : Number(v) }))}
              disabled={form.customerId === null}
            >
              <SelectTrigger id="edit-project-contact">
                <SelectValue placeholder={t("fields.selectContact")} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{t("fields.noContact")}</SelectItem>
                {goneContact && <SelectItem value={String(form.contactId)}>{t("contactId", { id: String(form.contactId) })}</SelectItem>}
                {customerContacts.map((c) => (
                  <SelectItem key={c.id} value={String(c.id)}>
                    {fullName(c)}
                    {c.title ? ` - ${c.title}` : ""}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t("edit.saving") : t("edit.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
