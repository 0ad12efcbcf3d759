import * as React from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { PROJECT_MAX_LENGTHS, ProjectUpdateInput } from "@quorum/core/project/schema";
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
import { useUpdateProject } from "./queries";

const NONE = "none";

/**
 * The dialog's values under core's update rules, except: a blank name keeps the project's
 * name, and the selects only offer valid statuses and existing links ("none" is null).
 */
const EditForm = ProjectUpdateInput.extend({
  name: z.string().trim(),
  status: z.enum(PROJECT_STATUSES),
  customerId: z.number().nullable(),
  contactId: z.number().nullable(),
});
type EditValues = z.input<typeof EditForm>;

function formFrom(project: ProjectWithLinks): EditValues {
  return {
    name: project.name,
    description: project.description ?? "",
    address: project.address ?? "",
    status: (PROJECT_STATUSES as readonly string[]).includes(project.status) ? project.status : "active",
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
  const form = useForm({ resolver: zodResolver(EditForm), defaultValues: formFrom(project) });
  const { reset, setValue } = form;
  const [status, customerId, contactId] = form.watch(["status", "customerId", "contactId"]);

  React.useEffect(() => {
    if (open) reset(formFrom(project));
  }, [open, project, reset]);

  const customerContacts = (contacts.data ?? []).filter((c) => customerId !== null && c.customerId === customerId);
  // A link to a record that is gone stays visible (and unchanged) until the user picks another.
  const goneCustomer = customerId !== null && customers.isSuccess && !customers.data.some((c) => c.id === customerId);
  const goneContact = contactId !== null && contacts.isSuccess && !customerContacts.some((c) => c.id === contactId);

  const submit = form.handleSubmit((edit) =>
    update.mutate(
      { ...edit, name: edit.name || project.name },
      {
        onSuccess: () => {
          toast({ title: t("success"), description: t("edit.updated") });
          onOpenChange(false);
        },
        onError: () => toast({ title: t("error"), description: t("edit.failed"), variant: "destructive" }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("edit.title")}</DialogTitle>
          <DialogDescription>{t("edit.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="edit-project-name" label={t("fields.name")}>
            <Input id="edit-project-name" {...form.register("name")} maxLength={PROJECT_MAX_LENGTHS.name} />
          </Field>
          <Field id="edit-project-description" label={t("fields.description")}>
            <Textarea
              id="edit-project-description"
              {...form.register("description")}
              rows={3}
              maxLength={PROJECT_MAX_LENGTHS.description}
            />
          </Field>
          <Field id="edit-project-address" label={t("fields.address")}>
            <Input id="edit-project-address" {...form.register("address")} maxLength={PROJECT_MAX_LENGTHS.address} />
          </Field>
          <Field id="edit-project-status" label={t("fields.status")}>
            <Select value={status} onValueChange={(v) => setValue("status", v as ProjectStatus)}>
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
              value={customerId === null ? NONE : String(customerId)}
              onValueChange={(v) => {
                setValue("customerId", v === NONE ? null : Number(v));
                setValue("contactId", null);
              }}
            >
              <SelectTrigger id="edit-project-customer">
                <SelectValue placeholder={t(customers.isPending ? "fields.loadingCustomers" : "fields.selectCustomer")} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{t("fields.noCustomer")}</SelectItem>
                {goneCustomer && <SelectItem value={String(customerId)}>{t("customerId", { id: String(customerId) })}</SelectItem>}
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
              value={contactId === null ? NONE : String(contactId)}
              onValueChange={(v) => setValue("contactId", v === NONE ? null : Number(v))}
              disabled={customerId === null}
            >
              <SelectTrigger id="edit-project-contact">
                <SelectValue placeholder={t("fields.selectContact")} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{t("fields.noContact")}</SelectItem>
                {goneContact && <SelectItem value={String(contactId)}>{t("contactId", { id: String(contactId) })}</SelectItem>}
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
