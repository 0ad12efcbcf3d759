import type * as React from "react";
import { useTranslation } from "react-i18next";
import { CalendarDays, Crown, Mail } from "lucide-react";
import type { Plan } from "@quorum/core/user/schema";
import { Avatar } from "@/components/layout/Header";
import { Card, CardContent } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { planName } from "@/lib/product";
import { formatDate } from "@/lib/format";

/** The banner card: who the user is, their plan, since when, and the company logo (`logo`). */
export function ProfileSummaryCard({
  name,
  email,
  photoURL,
  plan,
  createdAt,
  logo,
}: {
  name: string;
  email: string | undefined;
  photoURL: string | null | undefined;
  plan: Plan;
  createdAt: string | undefined;
  logo: React.ReactNode;
}) {
  const { t } = useTranslation("profile");
  return (
    <Card className="mt-8 overflow-hidden">
      <div className="h-20 bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500 sm:h-24" aria-hidden="true" />
      <CardContent className="flex flex-col gap-5 pb-6 sm:flex-row sm:items-start">
        <div className="-mt-10 w-fit shrink-0 rounded-full ring-4 ring-card">
          <Avatar name={name} photoURL={photoURL} size="lg" />
        </div>
        <div className="min-w-0 flex-1 sm:pt-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-xl font-semibold">{name}</h2>
            <Badge variant={plan === "professional" ? "default" : "secondary"}>
              {plan === "professional" && <Crown className="size-3" />}
              {planName(plan)}
            </Badge>
          </div>
          <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Mail className="size-4 shrink-0" /> <span className="truncate">{email}</span>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4 shrink-0" /> {t("memberSince", { date: formatDate(createdAt, "long") })}
            </span>
          </div>
        </div>
        {logo}
      </CardContent>
    </Card>
  );
}
