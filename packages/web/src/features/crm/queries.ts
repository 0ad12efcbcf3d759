import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  LinkedOpportunity,
  OpportunityList,
  PulledAccount,
  PushedTotal,
  SalesforceConnect,
  SalesforceDisconnected,
  SalesforceStatus,
} from "@quorum/core/crm/schema";
import { apiJson } from "@/lib/api";
import { projectKey } from "@/features/projects/queries";

/** The Salesforce calls, each answer read with the schema the server answers by. */

export const salesforceKey = ["/api/salesforce"] as const;

export function useSalesforceStatus() {
  return useQuery({ queryKey: salesforceKey, queryFn: async () => SalesforceStatus.parse(await apiJson("GET", "/api/salesforce")) });
}

/** Salesforce's sign-in page for this user (with this server's state and PKCE challenge). */
export async function connectUrl() {
  return SalesforceConnect.parse(await apiJson("POST", "/api/salesforce/connect")).url;
}

/** The callback page hands over what Salesforce put in its address. */
export async function finishConnect(params: { code?: string; state: string; error?: string }) {
  return SalesforceStatus.parse(await apiJson("POST", "/api/salesforce/callback", params));
}

export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => SalesforceDisconnected.parse(await apiJson("DELETE", "/api/salesforce")),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesforceKey }),
  });
}

export async function searchOpportunities(q: string) {
  return OpportunityList.parse(await apiJson("POST", "/api/salesforce/opportunities/search", { q })).opportunities;
}

/** The opportunity the project is linked to, as Salesforce holds it now (under the project's key: read again with it). */
export function useLinkedOpportunity(projectId: number, opportunityId: string) {
  return useQuery({
    queryKey: [...projectKey(projectId), "salesforce", opportunityId],
    queryFn: async () => LinkedOpportunity.parse(await apiJson("GET", `/api/projects/${projectId}/salesforce`)).opportunity,
    enabled: !!opportunityId,
  });
}

/** Link, pull and push change the project (its opportunity, its customer, the opportunity's amount): it is read again after each. */
export function useOpportunityActions(projectId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
  const path = `/api/projects/${projectId}/salesforce`;
  return {
    link: useMutation({
      mutationFn: async (opportunityId: string) => LinkedOpportunity.parse(await apiJson("PUT", path, { opportunityId })),
      onSuccess: refresh,
    }),
    pull: useMutation({ mutationFn: async () => PulledAccount.parse(await apiJson("POST", `${path}/pull`)), onSuccess: refresh }),
    push: useMutation({
      mutationFn: async (quoteId: number) => PushedTotal.parse(await apiJson("POST", `${path}/push`, { quoteId })),
      onSuccess: refresh,
    }),
  };
}
