import * as React from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import {
  Building2,
  FileText,
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
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { useAuth } from "@/features/auth";
import { fullName, websiteHref } from "@/features/customers/model";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { EditProjectDialog } from "./EditProjectDialog";
import { projectStatusLabel, projectStatusVariant, roleLine, type ProjectWithLinks } from "./model";
import { ProjectNotFound, ProjectUnavailable } from "./ProjectNotFound";
import { useProject } from "./queries";
import { DocumentsSection, UploadSection } from "@/features/documents";
import { ProjectChat } from "@/features/project-chat/ProjectChat";
import { QuotesSection } from "@/features/quotes/QuotesSection";
import { SalesforcePanel } from "@/features/crm/SalesforcePanel";

/** The project screen's sections, each at its own address (so the back button walks through them). */
export type ProjectSection = "overview" | "chat" | "documents" | "upload" | "quotes";

/** Section links in the spec's order. */
const SECTIONS = [
  { id: "chat", icon: MessageSquare, path: "/projects/$id/chat" },
  { id: "overview", icon: LayoutDashboard, path: "/projects/$id" },
  { id: "documents", icon: FileText, path: "/projects/$id/documents" },
  { id: "quotes", icon: Receipt, path: "/projects/$id/quotes" },
  { id: "upload", icon: Upload, path: "/projects/$id/upload" },
] as const satisfies readonly { id: ProjectSection; icon: LucideIcon; path: string }[];

/** /projects/$id and its chat, documents, quotes and upload sub-routes. */
export function ProjectDetailPage({ projectId, section, quoteId }: { projectId: number; section: ProjectSection; quoteId?: number }) {
  const { t } = useTranslation("projects");
  const project = useProject(projectId);
  if (project.isPending) return <PageLoader text={t("detail.loading")} />;
  if (project.isError) {
    const missing = project.error instanceof ApiError && (project.error.status === 404 || project.error.status === 400);
    return missing ? <ProjectNotFound /> : <ProjectUnavailable />;
  }
  return <ProjectWorkspace project={project.data} section={section} quoteId={quoteId} />;
}

function ProjectWorkspace({ project, section, quoteId }: { project: ProjectWithLinks; section: ProjectSection; quoteId?: number }) {
  const { t } = useTranslation("projects");
  const { user } = useAuth();
  const [editing, setEditing] = React.useState(false);

  return (
    <Page width="wide">
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="grid content-start gap-4">
          <BackLink to="/projects">{t("backToProjects")}</BackLink>
          <Card>
            <CardHeader className="gap-3 pb-4">
              <div className="flex items-start justify-between gap-3">
                <h1 className="min-w-0 break-words text-xl font-bold leading-tight">{project.name}</h1>
                <Badge variant={projectStatusVariant(project.status)} className="shrink-0">
                  {projectStatusLabel(t, project.status)}
                </Badge>
              </div>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)} className="w-full">
                <Pencil />
                {t("edit.title")}
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
              <SalesforcePanel projectId={project.id} opportunityId={project.salesforceOppId} />
            </CardContent>
          </Card>
          <nav aria-label={t("sections.label")} className="grid gap-1 rounded-xl border bg-card p-2 shadow-sm">
            {SECTIONS.map((s) => (
              <Link
                key={s.id}
                to={s.path}
                params={{ id: project.id }}
                // Overview's address is a prefix of the others: only the exact one is the page shown.
                activeOptions={{ exact: true }}
                aria-current={section === s.id ? "page" : undefined}
                className={cn(
                  buttonVariants({ variant: section === s.id ? "secondary" : "ghost" }),
                  "justify-start",
                  section === s.id && "font-semibold",
                )}
              >
                <s.icon />
                {t(`sections.${s.id}`)}
              </Link>
            ))}
          </nav>
        </aside>

        <section aria-label={t(`sections.${section}`)} className="min-w-0">
          {section === "overview" && <Overview project={project} />}
          {section === "chat" && <ProjectChat projectId={project.id} />}
          {section === "documents" && <DocumentsSection projectId={project.id} />}
          {section === "upload" && <UploadSection projectId={project.id} />}
          {section === "quotes" && <QuotesSection projectId={project.id} openFirst={quoteId} />}
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
  const { t } = useTranslation("projects");
  const customer = project.customer;
  if (!customer && project.customerId === undefined) return null;
  const href = customer ? websiteHref(customer.website) : undefined;
  return (
    <div className="grid gap-2">
      <SidebarHeading>{t("customer")}</SidebarHeading>
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
        <p className="text-muted-foreground">{t("customerId", { id: String(project.customerId) })}</p>
      )}
    </div>
  );
}

function ContactBlock({ project }: { project: ProjectWithLinks }) {
  const { t } = useTranslation("projects");
  const contact = project.contact;
  if (!contact) return null;
  const role = roleLine(contact);
  return (
    <div className="grid gap-2">
      <SidebarHeading>{t("primaryContact")}</SidebarHeading>
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

/** The section's own headings are h2: they sit under the project's h1 whatever the sidebar shows. */
function Overview({ project }: { project: ProjectWithLinks }) {
  const { t } = useTranslation("projects");
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <h2 className={CARD_TITLE}>{t("overview.description")}</h2>
        </CardHeader>
        <CardContent className="whitespace-pre-wrap text-muted-foreground">
          {project.description || t("overview.noDescription")}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className={CARD_TITLE}>{t("overview.address")}</h2>
        </CardHeader>
        <CardContent className="text-muted-foreground">{project.address || t("overview.noAddress")}</CardContent>
      </Card>
    </div>
  );
}

const CARD_TITLE = "text-lg font-semibold leading-none tracking-tight";
