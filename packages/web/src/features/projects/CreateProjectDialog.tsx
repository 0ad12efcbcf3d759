import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { Field } from "@/components/ui/field";
import { useCreateProject, type NewProject } from "./queries";

const EMPTY: NewProject = { name: "", description: "", address: "", salesforceOppId: "" };

/** The 'Create Project' dialog: a name is required; the rest is optional. */
export function CreateProjectDialog({ uid, open, onOpenChange }: { uid: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("projects");
  const { t: tc } = useTranslation("common");
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
    if (!name) return setProblem(t("create.nameRequired"));
    create.mutate(
      { ...form, name },
      {
        onSuccess: () => onOpenChange(false),
        onError: () => toast({ title: t("error"), description: t("create.failed"), variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="project-name" label={t("fields.nameRequired")} error={problem}>
            <Input {...field("name")} maxLength={200} autoFocus placeholder={t("fields.namePlaceholder")} />
          </Field>
          <Field id="project-description" label={t("fields.description")}>
            <Textarea {...field("description")} rows={3} maxLength={5000} placeholder={t("fields.descriptionPlaceholder")} />
          </Field>
          <Field id="project-address" label={t("fields.address")}>
            <Input {...field("address")} maxLength={500} placeholder={t("fields.addressPlaceholder")} />
          </Field>
          <Field id="project-salesforceOppId" label={t("card.opportunityId")}>
            <Input {...field("salesforceOppId")} maxLength={100} placeholder="006XXXXXXXXXXXXXXX" className="font-mono" />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={!form.name.trim() || create.isPending}>
              {create.isPending ? t("create.creating") : t("create.title")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
