import * as React from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CloudDownload, CloudUpload, ExternalLink, Link2, Search } from "lucide-react";
import { OPPORTUNITY_SEARCH_LENGTH, type Opportunity } from "@quorum/core/crm/schema";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
import { OptionSelect } from "@/components/ui/option-select";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { useProjectQuotes } from "@/features/quotes/queries";
import { searchOpportunities, useLinkedOpportunity, useOpportunityActions, useSalesforceStatus } from "./queries";

/**
 * The project's Salesforce opportunity: find and link one, take its Account as the
 * customer, send the chosen quote's total to it. Shown only where Salesforce is set
 * up; before the user connects, it says where to do that.
 */
export function SalesforcePanel({ projectId, opportunityId }: { projectId: number; opportunityId: string }) {
  const { t } = useTranslation("projects");
  const status = useSalesforceStatus();
  if (!status.data?.configured) return null;
  return (
    <div className="grid min-w-0 gap-2" data-testid="salesforce-panel">
      <Separator />
      <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("sf.title")}</h2>
      {status.data.connected ? (
        <Connected projectId={projectId} opportunityId={opportunityId} instanceUrl={status.data.instanceUrl} />
      ) : (
        <p className="text-muted-foreground">
          {t("sf.connectFirst")}{" "}
          <Link to="/profile" className="font-medium text-primary hover:underline">
            {t("sf.profile")}
          </Link>
        </p>
      )}
    </div>
  );
}

function Connected({ projectId, opportunityId, instanceUrl }: { projectId: number; opportunityId: string; instanceUrl?: string }) {
  const { t } = useTranslation("projects");
  const actions = useOpportunityActions(projectId);
  const quotes = useProjectQuotes(projectId);
  const withTotal = (quotes.data?.quotes ?? []).filter((q) => q.total !== null);
  const [chosen, setChosen] = React.useState<string>("");
  const [query, setQuery] = React.useState("");
  const [found, setFound] = React.useState<Opportunity[] | null>(null);
  const [searching, setSearching] = React.useState(false);
  const failed = (error: unknown) =>
    toast({ title: t("sf.failed"), description: error instanceof ApiError ? error.detail : t("sf.tryAgain"), variant: "destructive" });

  async function search(event: React.FormEvent) {
    event.preventDefault();
    setSearching(true);
    try {
      setFound(await searchOpportunities(query));
    } catch (error) {
      failed(error);
    } finally {
      setSearching(false);
    }
  }

  const quoteId = chosen || String(withTotal[0]?.id ?? "");
  // Buttons wrap their label: the sidebar is narrower than some languages' sentences.
  const wide = "h-auto min-h-8 w-full whitespace-normal py-1.5";
  return (
    // One column that may be narrower than its content's widest line, so nothing pushes out of the sidebar.
    <div className="grid min-w-0 grid-cols-1 gap-3 text-sm">
      {opportunityId && (
        <>
          <LinkedOpportunityCard projectId={projectId} opportunityId={opportunityId} instanceUrl={instanceUrl} />
          <Button
            variant="outline"
            size="sm"
            className={wide}
            disabled={actions.pull.isPending}
            onClick={() =>
              actions.pull.mutate(undefined, {
                onSuccess: (r) => toast({ title: t("sf.pulled", { name: r.opportunity.accountName ?? "" }) }),
                onError: failed,
              })
            }
          >
            {actions.pull.isPending ? <Spinner /> : <CloudDownload />} {t("sf.pull")}
          </Button>
          {withTotal.length > 0 && (
            <div className="grid min-w-0 grid-cols-1 gap-2">
              <Label htmlFor="salesforce-quote">{t("sf.quote")}</Label>
              <OptionSelect
                id="salesforce-quote"
                value={quoteId}
                options={withTotal.map((q) => String(q.id))}
                label={(id) => {
                  const q = withTotal.find((x) => String(x.id) === id)!;
                  // The amount first: a long vendor name is what the narrow sidebar cuts.
                  return `${formatMoney(q.total!, q.currency ?? undefined)} · ${q.vendorName ?? q.documentName}`;
                }}
                onChange={setChosen}
              />
              <Button
                variant="outline"
                size="sm"
                className={wide}
                disabled={actions.push.isPending}
                onClick={() =>
                  actions.push.mutate(Number(quoteId), {
                    onSuccess: (r) => toast({ title: t("sf.pushed", { name: r.opportunity.name }) }),
                    onError: failed,
                  })
                }
              >
                {actions.push.isPending ? <Spinner /> : <CloudUpload />} {t("sf.push")}
              </Button>
            </div>
          )}
        </>
      )}
      <form className="grid min-w-0 grid-cols-1 gap-2" onSubmit={search}>
        {opportunityId && <Label htmlFor="salesforce-search">{t("sf.relink")}</Label>}
        <div className="flex min-w-0 gap-2">
          <Input
            id="salesforce-search"
            className="min-w-0"
            aria-label={t("sf.search")}
            placeholder={t("sf.searchPlaceholder")}
            value={query}
            minLength={OPPORTUNITY_SEARCH_LENGTH.min}
            maxLength={OPPORTUNITY_SEARCH_LENGTH.max}
            onChange={(e) => setQuery(e.target.value)}
          />
          <Button type="submit" variant="outline" size="icon" className="size-10 shrink-0" aria-label={t("sf.find")} disabled={searching}>
            {searching ? <Spinner /> : <Search />}
          </Button>
        </div>
      </form>
      {found?.length === 0 && <p className="text-muted-foreground">{t("sf.none")}</p>}
      {found?.map((o) => (
        <div key={o.id} className="flex min-w-0 items-center justify-between gap-2 rounded-md border p-2">
          <span className="min-w-0">
            <span className="block truncate font-medium">{o.name}</span>
            <span className="block truncate text-xs text-muted-foreground">{[o.accountName, o.stageName].filter(Boolean).join(" · ")}</span>
          </span>
          <Button
            size="sm"
            variant="secondary"
            className="shrink-0"
            disabled={actions.link.isPending || o.id === opportunityId}
            onClick={() =>
              actions.link.mutate(o.id, {
                onSuccess: () => {
                  setFound(null);
                  setQuery("");
                  toast({ title: t("sf.linkedTo", { name: o.name }) });
                },
                onError: failed,
              })
            }
          >
            <Link2 /> {t("sf.link")}
          </Button>
        </div>
      ))}
    </div>
  );
}

/** The linked opportunity as Salesforce has it now: its name (opening it in Salesforce), stage, amount and close date. */
function LinkedOpportunityCard({
  projectId,
  opportunityId,
  instanceUrl,
}: {
  projectId: number;
  opportunityId: string;
  instanceUrl?: string;
}) {
  const { t } = useTranslation("projects");
  const linked = useLinkedOpportunity(projectId, opportunityId);
  const o = linked.data;
  return (
    <div className="grid min-w-0 gap-1 rounded-md border bg-muted/40 p-3" data-testid="salesforce-opportunity">
      <p className="text-xs text-muted-foreground">{t("sf.linked")}</p>
      {linked.isPending && <Spinner />}
      {linked.isError && (
        <p className="text-destructive">
          {linked.error instanceof ApiError ? linked.error.detail : t("sf.tryAgain")}{" "}
          <span className="font-mono text-xs text-muted-foreground">{opportunityId}</span>
        </p>
      )}
      {o && (
        <>
          {instanceUrl ? (
            <a
              href={`${instanceUrl}/${o.id}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-w-0 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              <span className="truncate">{o.name}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            </a>
          ) : (
            <p className="truncate font-medium">{o.name}</p>
          )}
          <p className="text-xs text-muted-foreground">
            {[
              o.stageName,
              o.amount !== null && t("sf.amount", { amount: formatMoney(o.amount, null) }),
              o.closeDate && t("sf.closes", { date: formatCalendarDate(o.closeDate) }),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </>
      )}
    </div>
  );
}
