import { queryOptions } from "@tanstack/react-query";
import type { ModelCatalog } from "@quorum/core/chat/schema";
import { apiJson } from "@/lib/api";

/** GET /api/models: the model selector's choices and, for Enterprise, its own model's setup. */
export const modelCatalogQuery = () =>
  queryOptions({
    queryKey: ["/api/models"] as const,
    queryFn: () => apiJson<ModelCatalog>("GET", "/api/models"),
    staleTime: 60_000,
  });
