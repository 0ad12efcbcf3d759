import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { Field } from "@/features/customers/Field";
import { fullName } from "@/features/customers/model";
import { useContacts, useCustomers } from "@/features/customers/queries";
import { PROJECT_STATUSES, type ProjectStatus, type ProjectWithLinks } from "./model";
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
  const update = useUpdateProject(uid, String(project.id));
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
          toast({ title: "Success", description: "Project updated successfully" });
          onOpenChange(false);
        },
        onError: () => toast({ title: "Error", description: "Failed to update project", variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Project</DialogTitle>
          <DialogDescription>Update the project's details, its customer and primary contact.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="edit-project-name" label="Project Name">
            <Input {...text("name")} maxLength={200} />
          </Field>
          <Field id="edit-project-description" label="Description">
            <Textarea {...text("description")} rows={3} maxLength={5000} />
          </Field>
          <Field id="edit-project-address" label="Address">
            <Input {...text("address")} maxLength={500} />
          </Field>
          <Field id="edit-project-status" label="Status">
            <Select value={form.status} onValueChange={(v) => setForm((f) => ({ ...f, status: v as ProjectStatus }))}>
              <SelectTrigger id="edit-project-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PROJECT_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {s}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="edit-project-customer" label="Customer">
            <Select
              value={form.customerId === null ? NONE : String(form.customerId)}
              onValueChange={(v) => setForm((f) => ({ ...f, customerId: v === NONE ? null : Number(v), contactId: null }))}
            >
              <SelectTrigger id="edit-project-customer">
                <SelectValue placeholder={customers.isPending ? "Loading customers..." : "Select a customer"} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>No customer</SelectItem>
                {goneCustomer && <SelectItem value={String(form.customerId)}>{`Customer ID: ${form.customerId}`}</SelectItem>}
                {(customers.data ?? []).map((c) => (
                  <SelectItem key={c.id} value={String(c.id)}>
                    {c.companyName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="edit-project-contact" label="Primary Contact">
            <Select
              value={form.contactId === null ? NONE : String(form.contactId)}
              onValueChange={(v) => setForm((f) => ({ ...f, contactId: v === NONE ? null : Number(v) }))}
              disabled={form.customerId === null}
            >
              <SelectTrigger id="edit-project-contact">
                <SelectValue placeholder="Select a contact" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>No contact</SelectItem>
                {goneContact && <SelectItem value={String(form.contactId)}>{`Contact ID: ${form.contactId}`}</SelectItem>}
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
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
