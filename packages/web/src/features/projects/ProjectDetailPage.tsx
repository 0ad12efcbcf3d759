import * as React from "react";
import { useNavigate } from "@tanstack/react-router";
import {
  Building2,
  FileText,
  FolderX,
  Globe,
  LayoutDashboard,
  Mail,
  MapPin,
  MessageSquare,
  Pencil,
  Phone,
  Receipt,
  Upload,
  UserRound,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { BackLink, Page } from "@/components/layout/Page";
import { PageLoader } from "@/components/layout/PageLoader";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { useAuth } from "@/features/auth";
import { fullName, websiteHref } from "@/features/customers/model";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { EditProjectDialog } from "./EditProjectDialog";
import { projectStatusVariant, roleLine, type ProjectWithLinks } from "./model";
import { useProject } from "./queries";
import { ProjectChatSlot, ProjectDocumentsSlot, ProjectUploadSlot } from "./slots";
import { QuotesSection } from "@/features/quotes/QuotesSection";

/** The project screen's sections; the route decides which one opens. */
export type ProjectSection = "overview" | "chat" | "upload" | "quotes";
type Section = ProjectSection | "documents";

/** Section buttons in the spec's order; Documents has no route of its own. */
const SECTIONS: { id: Section; label: string; icon: LucideIcon; path?: string }[] = [
  { id: "chat", label: "Project Chat", icon: MessageSquare, path: "/projects/$id/chat" },
  { id: "overview", label: "Overview", icon: LayoutDashboard, path: "/projects/$id" },
  { id: "documents", label: "Documents", icon: FileText },
  { id: "quotes", label: "Quotes", icon: Receipt, path: "/projects/$id/quotes" },
  { id: "upload", label: "Upload", icon: Upload, path: "/projects/$id/upload" },
];

/** /projects/$id and its chat, upload and quotes sub-routes. */
export function ProjectDetailPage({ projectId, section }: { projectId: string; section: ProjectSection }) {
  const project = useProject(projectId);
  if (project.isPending) return <PageLoader text="Loading project..." />;
  if (project.isError) {
    const missing = project.error instanceof ApiError && (project.error.status === 404 || project.error.status === 400);
    return (
      <Page width="narrow">
        <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-16 text-center shadow-sm">
          <FolderX className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">{missing ? "Project Not Found" : "Failed to load project"}</h1>
          <p className="max-w-sm text-muted-foreground">
            {missing ? "The project you are looking for does not exist or you do not have access to it." : "Please try again in a moment."}
          </p>
          <BackLink to="/projects">Back to Projects</BackLink>
        </div>
      </Page>
    );
  }
  return <ProjectWorkspace project={project.data} section={section} />;
}

function ProjectWorkspace({ project, section }: { project: ProjectWithLinks; section: ProjectSection }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [active, setActive] = React.useState<Section>(section);
  const [editing, setEditing] = React.useState(false);
  React.useEffect(() => setActive(section), [section]);

  const open = (target: (typeof SECTIONS)[number]) => {
    setActive(target.id);
    if (target.path) void navigate({ to: target.path, params: { id: String(project.id) } });
  };

  return (
    <Page width="wide">
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="grid content-start gap-4">
          <BackLink to="/projects">Back to Projects</BackLink>
          <Card>
            <CardHeader className="gap-3 pb-4">
              <div className="flex items-start justify-between gap-3">
                <h1 className="min-w-0 break-words text-xl font-bold leading-tight">{project.name}</h1>
                <Badge variant={projectStatusVariant(project.status)} className="shrink-0">
                  {project.status}
                </Badge>
              </div>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)} className="w-full">
                <Pencil />
                Edit Project
              </Button>
            </CardHeader>
            <CardContent className="grid gap-4 text-sm">
              {(project.description || project.address) && (
                <div className="grid gap-2">
                  {project.description && <p className="text-muted-foreground">{project.description}</p>}
                  {project.address && (
                    <p className="flex items-start gap-2">
                      <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      {project.address}
                    </p>
                  )}
                </div>
              )}
              <CustomerBlock project={project} />
              <ContactBlock project={project} />
            </CardContent>
          </Card>
          <nav aria-label="Project sections" className="grid gap-1 rounded-xl border bg-card p-2 shadow-sm">
            {SECTIONS.map((s) => (
              <Button
                key={s.id}
                variant={active === s.id ? "secondary" : "ghost"}
                className={cn("justify-start", active === s.id && "font-semibold")}
                aria-current={active === s.id ? "page" : undefined}
                onClick={() => open(s)}
              >
                <s.icon />
                {s.label}
              </Button>
            ))}
          </nav>
        </aside>

        <section aria-label={SECTIONS.find((s) => s.id === active)?.label} className="min-w-0">
          {active === "overview" && <Overview project={project} />}
          {active === "chat" && <ProjectChatSlot projectId={project.id} />}
          {active === "documents" && <ProjectDocumentsSlot projectId={project.id} />}
          {active === "upload" && <ProjectUploadSlot projectId={project.id} />}
          {active === "quotes" && <QuotesSection projectId={project.id} />}
        </section>
      </div>
      {user && <EditProjectDialog uid={user.uid} project={project} open={editing} onOpenChange={setEditing} />}
    </Page>
  );
}

function SidebarHeading({ children }: { children: React.ReactNode }) {
  return (
    <>
      <Separator />
      <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{children}</h2>
    </>
  );
}

function CustomerBlock({ project }: { project: ProjectWithLinks }) {
  const customer = project.customer;
  if (!customer && project.customerId === undefined) return null;
  const href = customer ? websiteHref(customer.website) : undefined;
  return (
    <div className="grid gap-2">
      <SidebarHeading>Customer</SidebarHeading>
      {customer ? (
        <div className="grid gap-1.5">
          <p className="flex items-center gap-2 font-medium">
            <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
            {customer.companyName}
          </p>
          {customer.industry && <p className="text-muted-foreground">{customer.industry}</p>}
          {customer.website && (
            <p className="flex items-center gap-2">
              <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="truncate text-primary underline-offset-4 hover:underline"
                >
                  {customer.website}
                </a>
              ) : (
                customer.website
              )}
            </p>
          )}
        </div>
      ) : (
        <p className="text-muted-foreground">Customer ID: {project.customerId}</p>
      )}
    </div>
  );
}

function ContactBlock({ project }: { project: ProjectWithLinks }) {
  const contact = project.contact;
  if (!contact) return null;
  const role = roleLine(contact);
  return (
    <div className="grid gap-2">
      <SidebarHeading>Primary Contact</SidebarHeading>
      <div className="grid gap-1.5">
        <p className="flex items-center gap-2 font-medium">
          <UserRound className="size-4 text-muted-foreground" aria-hidden="true" />
          {fullName(contact)}
        </p>
        {role && <p className="text-muted-foreground">{role}</p>}
        {contact.email && (
          <a href={`mailto:${contact.email}`} className="flex items-center gap-2 text-primary underline-offset-4 hover:underline">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{contact.email}</span>
          </a>
        )}
        {contact.phone && (
          <a href={`tel:${contact.phone}`} className="flex items-center gap-2 underline-offset-4 hover:underline">
            <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {contact.phone}
          </a>
        )}
      </div>
    </div>
  );
}

function Overview({ project }: { project: ProjectWithLinks }) {
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Description</CardTitle>
        </CardHeader>
        <CardContent className="whitespace-pre-wrap text-muted-foreground">{project.description || "No description"}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Project Address</CardTitle>
        </CardHeader>
        <CardContent className="text-muted-foreground">{project.address || "No address"}</CardContent>
      </Card>
    </div>
  );
}
