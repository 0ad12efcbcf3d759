import { FileText, MessageSquare, MessagesSquare, Upload } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { DocumentsSection, UploadSection } from "@/features/documents";

/**
 * The places other issues fill: the all-projects AI chat on /projects and the
 * project's chat, documents and upload sections. Each is one component here, so
 * wiring one in is a change to this file only.
 */

function Slot({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h3 className="font-semibold">{title}</h3>
      <p className="max-w-xs text-balance text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

/** Inside the 'AI Chat - All Projects' panel on /projects. */
export function AllProjectsChatSlot() {
  return <Slot icon={MessagesSquare} title="All-projects chat" text="The conversation across all your projects will appear here." />;
}

export function ProjectChatSlot({ projectId }: { projectId: number }) {
  return <Slot icon={MessageSquare} title="Project chat" text={`The AI chat about project ${projectId} will appear here.`} />;
}

export function ProjectDocumentsSlot({ projectId }: { projectId: number }) {
  return <DocumentsSection projectId={projectId} />;
}

export function ProjectUploadSlot({ projectId }: { projectId: number }) {
  return <UploadSection projectId={projectId} />;
}
