import { FileText } from "lucide-react";
import { BackLink, Page, PageHeading } from "@/components/layout/Page";
import { Placeholder } from "@/components/layout/Placeholder";

/** The project screen's sections; the route decides which one opens (spec doc 2 §2). */
export type ProjectSection = "overview" | "chat" | "upload" | "quotes";

const TITLES: Record<ProjectSection, string> = { overview: "Overview", chat: "Project Chat", upload: "Upload", quotes: "Quotes" };

/** /projects/$id and its chat, upload and quotes sub-routes. Its content is built in its own issue. */
export function ProjectDetailPage({ projectId, section }: { projectId: string; section: ProjectSection }) {
  return (
    <Page width="wide">
      <div className="mb-6">
        <BackLink to="/projects">Back to Projects</BackLink>
      </div>
      <PageHeading title={`Project ${projectId}`} description={TITLES[section]} />
      <div className="mt-8">
        <Placeholder
          icon={FileText}
          title="Project details are on their way"
          text="The project's documents, quotes and chat will appear here."
        />
      </div>
    </Page>
  );
}
