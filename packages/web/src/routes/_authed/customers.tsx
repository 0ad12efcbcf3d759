import { createFileRoute } from "@tanstack/react-router";
import { contactsQuery, customersQuery } from "@/features/customers/queries";
import { CustomersPage } from "@/features/customers/CustomersPage";

export const Route = createFileRoute("/_authed/customers")({
  staticData: { accessDenied: "customers:accessDenied" },
  // Starts both lists without waiting for them: each tab shows its own loading line meanwhile.
  loader: ({ context: { queryClient, user } }) => {
    if (!user) return;
    void queryClient.prefetchQuery(customersQuery(user.uid));
    void queryClient.prefetchQuery(contactsQuery(user.uid));
  },
  component: CustomersPage,
});
