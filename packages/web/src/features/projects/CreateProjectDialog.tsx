import * as React from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { Field } from "@/components/ui/field";
import { PROJECT_MAX_LENGTHS, ProjectCreateInput } from "@quorum/core/project/schema";
import { useCreateProject, type NewProject } from "./queries";

const EMPTY: NewProject = { name: "", description: "", address: "", salesforceOppId: "" };

/** The 'Create Project' dialog: a name is required (core's rule); the rest is optional. */
export function CreateProjectDialog({ uid, open, onOpenChange }: { uid: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("projects");
  const { t: tc } = useTranslation("common");
  const create = useCreateProject(uid);
  const form = useForm({
    resolver: zodResolver(ProjectCreateInput),
    defaultValues: EMPTY,
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { reset } = form;
  const blank = !form.watch("name")?.trim();

  React.useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const submit = form.handleSubmit((project) =>
    create.mutate(project, {
      onSuccess: () => onOpenChange(false),
      onError: () => toast({ title: t("error"), description: t("create.failed"), variant: "destructive" }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="project-name" label={t("fields.nameRequired")} error={form.formState.errors.name && t("create.nameRequired")}>
            <Input
              id="project-name"
              {...form.register("name")}
              maxLength={PROJECT_MAX_LENGTHS.name}
              autoFocus
              placeholder={t("fields.namePlaceholder")}
            />
          </Field>
          <Field id="project-description" label={t("fields.description")}>
            <Textarea
              id="project-description"
              {...form.register("description")}
              rows={3}
              maxLength={PROJECT_MAX_LENGTHS.description}
              placeholder={t("fields.descriptionPlaceholder")}
            />
          </Field>
          <Field id="project-address" label={t("fields.address")}>
            <Input
              id="project-address"
              {...form.register("address")}
              maxLength={PROJECT_MAX_LENGTHS.address}
              placeholder={t("fields.addressPlaceholder")}
            />
          </Field>
          <Field id="project-salesforceOppId" label={t("card.opportunityId")}>
            <Input
              id="project-salesforceOppId"
              {...form.register("salesforceOppId")}
              maxLength={PROJECT_MAX_LENGTHS.salesforceOppId}
              placeholder="006XXXXXXXXXXXXXXX"
              className="font-mono"
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={blank || create.isPending}>
              {create.isPending ? t("create.creating") : t("create.title")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
