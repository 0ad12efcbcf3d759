import { FolderKanban } from "lucide-react";
import { Page, PageHeading } from "@/components/layout/Page";
import { Placeholder } from "@/components/layout/Placeholder";

/** /projects: the project list (spec doc 2 §2). Its content is built in its own issue. */
export function ProjectsPage() {
  return (
    <Page width="wide">
      <PageHeading title="Projects" description="Documents, quotes and AI chat for each of your projects." />
      <div className="mt-8">
        <Placeholder
          icon={FolderKanban}
          title="Projects are on their way"
          text="Your projects, their documents and the all-projects chat will appear here."
        />
      </div>
    </Page>
  );
}
