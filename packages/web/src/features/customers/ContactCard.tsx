import { Briefcase, Building2, Mail, Pencil, Phone, Smartphone, Star, Trash2, Users } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { fullName, type Contact } from "./model";

function Line({ icon: Icon, children }: { icon: typeof Mail; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

/** One contact with its customer's name; 'Make Primary' only on a contact that is not primary. */
export function ContactCard({
  contact,
  companyName,
  onMakePrimary,
  makingPrimary,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  companyName?: string;
  onMakePrimary: () => void;
  makingPrimary: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("customers");
  const name = fullName(contact);
  return (
    <Card className="flex flex-col" data-testid="contact-card">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0 pb-3">
        <h2 className="min-w-0 truncate text-base font-semibold" title={name}>
          {name}
        </h2>
        {contact.isPrimary && (
          <Badge className="shrink-0">
            <Star className="size-3" aria-hidden="true" />
            {t("card.primary")}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-2">
        {companyName && <Line icon={Building2}>{companyName}</Line>}
        {contact.title && <Line icon={Briefcase}>{contact.title}</Line>}
        {contact.department && <Line icon={Users}>{contact.department}</Line>}
        {contact.email && (
          <Line icon={Mail}>
            <a href={`mailto:${contact.email}`} className="text-primary underline-offset-4 hover:underline">
              {contact.email}
            </a>
          </Line>
        )}
        {contact.phone && (
          <Line icon={Phone}>
            <a href={`tel:${contact.phone}`} className="underline-offset-4 hover:underline">
              {contact.phone}
            </a>
          </Line>
        )}
        {contact.mobile && (
          <Line icon={Smartphone}>
            <a href={`tel:${contact.mobile}`} className="underline-offset-4 hover:underline">
              {contact.mobile}
            </a>{" "}
            <span className="text-muted-foreground">{t("card.mobile")}</span>
          </Line>
        )}
      </CardContent>
      <div className="flex items-center gap-2 border-t p-4">
        {!contact.isPrimary && (
          <Button variant="outline" size="sm" onClick={onMakePrimary} disabled={makingPrimary}>
            <Star />
            {t("card.makePrimary")}
          </Button>
        )}
        <div className="ml-auto flex gap-1">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t("card.edit", { name })}>
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            aria-label={t("card.delete", { name })}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 />
          </Button>
        </div>
      </div>
    </Card>
  );
}
