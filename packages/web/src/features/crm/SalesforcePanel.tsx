import * as React from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CloudDownload, CloudUpload, Link2, Search } from "lucide-react";
import { OPPORTUNITY_SEARCH_LENGTH, type Opportunity } from "@quorum/core/crm/schema";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
import { OptionSelect } from "@/components/ui/option-select";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { formatMoney } from "@/lib/format";
import { useProjectQuotes } from "@/features/quotes/queries";
import { searchOpportunities, useOpportunityActions, useSalesforceStatus } from "./queries";

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
        <Connected projectId={projectId} opportunityId={opportunityId} />
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

function Connected({ projectId, opportunityId }: { projectId: number; opportunityId: string }) {
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
  return (
    <div className="grid min-w-0 gap-2 text-sm">
      {opportunityId && (
        <p>
          {t("sf.linked")} <span className="font-mono text-xs">{opportunityId}</span>
        </p>
      )}
      <form className="flex gap-2" onSubmit={search}>
        <Input
          aria-label={t("sf.search")}
          placeholder={t("sf.search")}
          value={query}
          minLength={OPPORTUNITY_SEARCH_LENGTH.min}
          maxLength={OPPORTUNITY_SEARCH_LENGTH.max}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" variant="outline" size="icon" aria-label={t("sf.find")} disabled={searching}>
          {searching ? <Spinner /> : <Search />}
        </Button>
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
            disabled={actions.link.isPending || o.id === opportunityId}
            onClick={() =>
              actions.link.mutate(o.id, {
                onSuccess: () => (setFound(null), toast({ title: t("sf.linkedTo", { name: o.name }) })),
                onError: failed,
              })
            }
          >
            <Link2 /> {t("sf.link")}
          </Button>
        </div>
      ))}
      {opportunityId && (
        <>
          <Button
            variant="outline"
            size="sm"
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
            <div className="grid gap-2">
              <OptionSelect
                id="salesforce-quote"
                value={quoteId}
                options={withTotal.map((q) => String(q.id))}
                label={(id) => {
                  const q = withTotal.find((x) => String(x.id) === id)!;
                  return `${q.vendorName ?? q.documentName}: ${formatMoney(q.total!, q.currency ?? undefined)}`;
                }}
                onChange={setChosen}
              />
              <Button
                variant="outline"
                size="sm"
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
    </div>
  );
}
