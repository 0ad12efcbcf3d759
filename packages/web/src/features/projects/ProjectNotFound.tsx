import { useTranslation } from "react-i18next";
import { FolderX } from "lucide-react";
import { BackLink, Page } from "@/components/layout/Page";

/** A project that does not exist (or is not the user's, or an address that is no project id), with the way back. */
export function ProjectNotFound() {
  return <ProjectMessage title="detail.notFound" detail="detail.notFoundDetail" />;
}

/** The project could not be loaded for another reason. */
export function ProjectUnavailable() {
  return <ProjectMessage title="detail.loadFailed" detail="detail.tryAgain" />;
}

function ProjectMessage({ title, detail }: { title: string; detail: string }) {
  const { t } = useTranslation("projects");
  return (
    <Page width="narrow">
      <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-16 text-center shadow-sm">
        <FolderX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">{t(title)}</h1>
        <p className="max-w-sm text-muted-foreground">{t(detail)}</p>
        <BackLink to="/projects">{t("backToProjects")}</BackLink>
      </div>
    </Page>
  );
}
