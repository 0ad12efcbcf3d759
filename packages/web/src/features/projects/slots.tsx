import { DocumentsSection, UploadSection } from "@/features/documents";
import { AllProjectsChat } from "@/features/project-chat/AllProjectsChat";
import { ProjectChat } from "@/features/project-chat/ProjectChat";

/**
 * The places other issues fill: the all-projects AI chat on /projects and the
 * project's chat, documents and upload sections. Each is one component here, so
 * wiring one in is a change to this file only.
 */

/** Inside the 'AI Chat - All Projects' panel on /projects. */
export function AllProjectsChatSlot() {
  return <AllProjectsChat />;
}

export function ProjectChatSlot({ projectId }: { projectId: number }) {
  return <ProjectChat projectId={projectId} />;
}

export function ProjectDocumentsSlot({ projectId }: { projectId: number }) {
  return <DocumentsSection projectId={projectId} />;
}

export function ProjectUploadSlot({ projectId }: { projectId: number }) {
  return <UploadSection projectId={projectId} />;
}
