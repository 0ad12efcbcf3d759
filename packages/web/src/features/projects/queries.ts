import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ProjectList, ProjectWithLinks, type ProjectCreateInput, type ProjectUpdateInput } from "@quorum/core/project/schema";
import { apiAllPages, apiJson } from "@/lib/api";
import type { Project } from "./model";

export const projectsKey = (uid: string) => ["/api/projects", uid] as const;
export const projectKey = (id: number) => ["/api/projects", "detail", id] as const;

/** The user's projects; shared by /projects' loader (which prefetches it) and its screen. */
export const projectsQuery = (uid: string) =>
  queryOptions({
    queryKey: projectsKey(uid),
    queryFn: () => apiAllPages(`/api/projects?userId=${encodeURIComponent(uid)}`, ProjectList, "projects"),
  });

/** One project; a 404 is an answer ('Project Not Found'), not an error to retry. */
export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: projectKey(id),
    queryFn: async () => ProjectWithLinks.parse(await apiJson("GET", `/api/projects/${id}`)),
  });

/** No user yet (a signed-out render), no request. */
export const useProjects = (uid: string | undefined) => useQuery({ ...projectsQuery(uid ?? ""), enabled: !!uid });
export const useProject = (id: number) => useQuery(projectQuery(id));

/** What the Create Project dialog sends: core's create input. */
export type NewProject = z.input<typeof ProjectCreateInput>;

export function useCreateProject(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: NewProject) => apiJson<{ project: Project }>("POST", "/api/projects", { ...project, userId: uid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey(uid) }),
  });
}

/** What the Edit Project dialog sends: core's update input. */
export type ProjectEdit = z.input<typeof ProjectUpdateInput>;

export function useUpdateProject(uid: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProjectEdit) => apiJson<{ project: Project }>("PUT", `/api/projects/${id}`, edit),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKey(id) }),
        queryClient.invalidateQueries({ queryKey: projectsKey(uid) }),
      ]),
  });
}
