import * as React from "react";
import { useTranslation } from "react-i18next";
import { FolderKanban, MessagesSquare, Plus } from "lucide-react";
import { Page, PageHeading } from "@/components/layout/Page";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth";
import { useContacts, useCustomers } from "@/features/customers/queries";
import { CreateProjectDialog } from "./CreateProjectDialog";
import { ProjectCard } from "./ProjectCard";
import { useProjects } from "./queries";
import { AllProjectsChat } from "@/features/project-chat/AllProjectsChat";

/**
 * /projects: the 'AI Chat - All Projects' panel on the left and
 * the project cards. The cards join the customer and contact lists: three
 * requests in parallel, one Query each, whatever the number of cards.
 */
export function ProjectsPage() {
  const { t } = useTranslation("projects");
  const { user } = useAuth();
  const uid = user!.uid;
  const projects = useProjects(uid);
  const customers = useCustomers(uid);
  const contacts = useContacts(uid);
  const [creating, setCreating] = React.useState(false);

  const customerById = React.useMemo(() => new Map((customers.data ?? []).map((c) => [c.id, c])), [customers.data]);
  const contactById = React.useMemo(() => new Map((contacts.data ?? []).map((c) => [c.id, c])), [contacts.data]);
  const hasProjects = (projects.data?.length ?? 0) > 0;

  return (
    <Page width="wide">
      <PageHeading
        title={t("list.title")}
        description={t("list.description")}
        actions={
          hasProjects && (
            <Button onClick={() => setCreating(true)}>
              <Plus />
              {t("create.title")}
            </Button>
          )
        }
      />
      <div className="mt-8 grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <aside
          aria-labelledby="all-projects-chat"
          className="flex min-h-96 flex-col rounded-xl border bg-card shadow-sm lg:sticky lg:top-20 lg:h-[calc(100dvh-14rem)] lg:min-h-[32rem]"
        >
          <div className="flex items-center gap-2 border-b px-4 py-3">
            <MessagesSquare className="size-4 text-primary" aria-hidden="true" />
            <h2 id="all-projects-chat" className="font-semibold">
              {t("list.allProjectsChat")}
            </h2>
          </div>
          <div className="flex min-h-0 flex-1 flex-col">
            <AllProjectsChat />
          </div>
        </aside>

        <section aria-label={t("list.title")}>
          {projects.isPending ? (
            <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" role="status" aria-label={t("list.loading")}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-64 rounded-xl" />
              ))}
            </div>
          ) : projects.isError ? (
            <div className="rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground">{t("list.loadFailed")}</div>
          ) : !hasProjects ? (
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-20 text-center">
              <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
                <FolderKanban className="size-7" aria-hidden="true" />
              </div>
              <div className="grid gap-1.5">
                <h2 className="text-lg font-semibold">{t("list.emptyTitle")}</h2>
                <p className="text-sm text-muted-foreground">{t("list.emptyDescription")}</p>
              </div>
              <Button onClick={() => setCreating(true)}>
                <Plus />
                {t("list.createFirst")}
              </Button>
            </div>
          ) : (
            <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
              {projects.data.map((project) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  customer={project.customerId === undefined ? undefined : customerById.get(project.customerId)}
                  contact={project.contactId === undefined ? undefined : contactById.get(project.contactId)}
                  customersLoaded={!customers.isPending}
                />
              ))}
            </div>
          )}
        </section>
      </div>
      <CreateProjectDialog uid={uid} open={creating} onOpenChange={setCreating} />
    </Page>
  );
}
