import { queryOptions } from "@tanstack/react-query";
import { ModelCatalog } from "@quorum/core/chat/schema";
import { apiJson } from "@/lib/api";

/** GET /api/models: the model selector's choices and, for Enterprise, its own model's setup. */
export const modelCatalogQuery = () =>
  queryOptions({
    queryKey: ["/api/models"] as const,
    queryFn: async () => ModelCatalog.parse(await apiJson("GET", "/api/models")),
    staleTime: 60_000,
  });
