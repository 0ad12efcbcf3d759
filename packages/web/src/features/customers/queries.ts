import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ContactList } from "@quorum/core/contact/schema";
import { CustomerList } from "@quorum/core/customer/schema";
import { apiAllPages, apiJson } from "@/lib/api";
import type { Contact, ContactForm, Customer, CustomerForm } from "./model";

/** Query keys: one list per user, refetched after every change. */
export const customersKey = (uid: string) => ["/api/customers", uid] as const;
export const contactsKey = (uid: string) => ["/api/contacts", uid] as const;

const withUser = (path: string, uid: string) => `${path}?userId=${encodeURIComponent(uid)}`;

/** The user's customers; shared by the loaders of /customers and /projects (which prefetch it) and their screens. */
export const customersQuery = (uid: string) =>
  queryOptions({
    queryKey: customersKey(uid),
    queryFn: () => apiAllPages(withUser("/api/customers", uid), CustomerList, "customers"),
  });

export const contactsQuery = (uid: string) =>
  queryOptions({
    queryKey: contactsKey(uid),
    queryFn: () => apiAllPages(withUser("/api/contacts", uid), ContactList, "contacts"),
  });

/** No user yet (a signed-out render), no request. */
export const useCustomers = (uid: string | undefined) => useQuery({ ...customersQuery(uid ?? ""), enabled: !!uid });
export const useContacts = (uid: string | undefined) => useQuery({ ...contactsQuery(uid ?? ""), enabled: !!uid });
/** Refetches the lists a change touches: contacts change the customer cards' counts too. */
function useRefetch(uid: string) {
  const queryClient = useQueryClient();
  return (...lists: ("customers" | "contacts")[]) =>
    Promise.all(
      lists.map((list) => queryClient.invalidateQueries({ queryKey: list === "customers" ? customersKey(uid) : contactsKey(uid) })),
    );
}

export function useSaveCustomer(uid: string) {
  const refetch = useRefetch(uid);
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: CustomerForm }) =>
      id === undefined
        ? apiJson<{ customer: Customer }>("POST", "/api/customers", { ...form, userId: uid })
        : apiJson<{ customer: Customer }>("PUT", `/api/customers/${id}`, form),
    onSuccess: () => refetch("customers"),
  });
}

export function useDeleteCustomer(uid: string) {
  const refetch = useRefetch(uid);
  return useMutation({
    mutationFn: (id: number) => apiJson<unknown>("DELETE", `/api/customers/${id}`),
    onSuccess: () => refetch("customers", "contacts"),
  });
}

export function useSaveContact(uid: string) {
  const refetch = useRefetch(uid);
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: ContactForm }) =>
      id === undefined
        ? apiJson<{ contact: Contact }>("POST", "/api/contacts", { ...form, userId: uid })
        : apiJson<{ contact: Contact }>("PUT", `/api/contacts/${id}`, form),
    onSuccess: () => refetch("contacts", "customers"),
  });
}

export function useDeleteContact(uid: string) {
  const refetch = useRefetch(uid);
  return useMutation({
    mutationFn: (id: number) => apiJson<unknown>("DELETE", `/api/contacts/${id}`),
    onSuccess: () => refetch("contacts", "customers"),
  });
}

export function useMakePrimary(uid: string) {
  const refetch = useRefetch(uid);
  return useMutation({
    mutationFn: (contact: Pick<Contact, "id" | "customerId">) =>
      apiJson<{ contact: Contact }>("PUT", `/api/contacts/${contact.id}/primary`, { customerId: contact.customerId }),
    onSuccess: () => refetch("contacts", "customers"),
  });
}
