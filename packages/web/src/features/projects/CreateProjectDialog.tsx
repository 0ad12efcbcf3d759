import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { Field } from "@/features/customers/Field";
import { useCreateProject, type NewProject } from "./queries";

const EMPTY: NewProject = { name: "", description: "", address: "", salesforceOppId: "" };

/** The 'Create Project' dialog: a name is required; the rest is optional. */
export function CreateProjectDialog({ uid, open, onOpenChange }: { uid: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateProject(uid);
  const [form, setForm] = React.useState<NewProject>(EMPTY);
  const [problem, setProblem] = React.useState<string | undefined>();

  React.useEffect(() => {
    if (open) {
      setForm(EMPTY);
      setProblem(undefined);
    }
  }, [open]);

  const field = (key: keyof NewProject) => ({
    id: `project-${key}`,
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    if (!name) return setProblem("Project name is required.");
    create.mutate(
      { ...form, name },
      {
        onSuccess: () => onOpenChange(false),
        onError: () => toast({ title: "Error", description: "Failed to create project. Please try again.", variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Project</DialogTitle>
          <DialogDescription>Start a project to keep its documents, quotes and AI chat together.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="project-name" label="Project Name *" error={problem}>
            <Input {...field("name")} maxLength={200} autoFocus placeholder="Enter project name" />
          </Field>
          <Field id="project-description" label="Description">
            <Textarea {...field("description")} rows={3} maxLength={5000} placeholder="Describe the project" />
          </Field>
          <Field id="project-address" label="Address">
            <Input {...field("address")} maxLength={500} placeholder="Project address" />
          </Field>
          <Field id="project-salesforceOppId" label="Opportunity ID">
            <Input {...field("salesforceOppId")} maxLength={100} placeholder="006XXXXXXXXXXXXXXX" className="font-mono" />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.name.trim() || create.isPending}>
              {create.isPending ? "Creating..." : "Create Project"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
