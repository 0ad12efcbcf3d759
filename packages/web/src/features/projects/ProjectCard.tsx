import { Link } from "@tanstack/react-router";
import { ArrowRight, Building2, CalendarDays, Hash, MapPin, UserRound } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { fullName, type Contact, type Customer } from "@/features/customers/model";
import { cn } from "@/lib/utils";
import { projectStatusLabel, projectStatusVariant, roleLine, type Project } from "./model";
import { formatDate } from "@/lib/format";

function Line({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label={label} />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

/**
 * One project on /projects. The customer and contact come from the lists the page
 * already holds; a customer that is gone shows as 'Customer ID: ...'.
 */
export function ProjectCard({
  project,
  customer,
  contact,
  customersLoaded,
}: {
  project: Project;
  customer?: Customer;
  contact?: Contact;
  /** Until the customer list has arrived, a missing customer is not yet a gone one. */
  customersLoaded: boolean;
}) {
  const { t } = useTranslation("projects");
  const role = contact ? roleLine(contact) : "";
  return (
    <Card className="flex flex-col transition-shadow hover:shadow-md" data-testid="project-card">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0 pb-3">
        <h3 className="min-w-0 break-words text-base font-semibold leading-snug">{project.name}</h3>
        <Badge variant={projectStatusVariant(project.status)} className="shrink-0">
          {projectStatusLabel(t, project.status)}
        </Badge>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-2">
        {project.description && <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p>}
        {project.salesforceOppId && (
          <Line icon={Hash} label={t("card.opportunityId")}>
            <span className="font-mono text-xs">{project.salesforceOppId}</span>
          </Line>
        )}
        <Line icon={CalendarDays} label={t("card.createdLabel")}>
          {t("card.created", { date: formatDate(project.createdAt) })}
        </Line>
        {project.customerId !== undefined && (customer || customersLoaded) && (
          <Line icon={Building2} label={t("customer")}>
            {customer ? customer.companyName : t("customerId", { id: String(project.customerId) })}
          </Line>
        )}
        {contact && (
          <Line icon={UserRound} label={t("card.contact")}>
            {fullName(contact)}
            {role && <span className="text-muted-foreground"> ({role})</span>}
          </Line>
        )}
        {project.address && (
          <Line icon={MapPin} label={t("card.address")}>
            {project.address}
          </Line>
        )}
      </CardContent>
      <div className="border-t p-4">
        <Link to="/projects/$id" params={{ id: project.id }} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "w-full")}>
          {t("card.open")}
          <ArrowRight />
        </Link>
      </div>
    </Card>
  );
}
