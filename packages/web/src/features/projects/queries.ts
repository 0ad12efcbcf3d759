import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import type { Project, ProjectStatus, ProjectWithLinks } from "./model";

export const projectsKey = (uid: string) => ["/api/projects", uid] as const;
export const projectKey = (id: string) => ["/api/projects", "detail", id] as const;

export function useProjects(uid: string | undefined) {
  return useQuery({
    queryKey: projectsKey(uid ?? ""),
    queryFn: async () => (await apiJson<{ projects: Project[] }>("GET", `/api/projects?userId=${encodeURIComponent(uid!)}`)).projects,
    enabled: !!uid,
  });
}

/** One project; a 404 is an answer ('Project Not Found'), not an error to retry. */
export function useProject(id: string) {
  return useQuery({
    queryKey: projectKey(id),
    queryFn: () => apiJson<ProjectWithLinks>("GET", `/api/projects/${encodeURIComponent(id)}`),
  });
}

export interface NewProject {
  name: string;
  description: string;
  address: string;
  salesforceOppId: string;
}

export function useCreateProject(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: NewProject) => apiJson<{ project: Project }>("POST", "/api/projects", { ...project, userId: uid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey(uid) }),
  });
}

export interface ProjectEdit {
  name: string;
  description: string;
  address: string;
  status: ProjectStatus;
  customerId: number | null;
  contactId: number | null;
}

export function useUpdateProject(uid: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProjectEdit) => apiJson<{ project: Project }>("PUT", `/api/projects/${encodeURIComponent(id)}`, edit),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKey(id) }),
        queryClient.invalidateQueries({ queryKey: projectsKey(uid) }),
      ]),
  });
}
