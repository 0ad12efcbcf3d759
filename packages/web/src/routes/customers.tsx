import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { AccessDenied } from "@/components/layout/AccessDenied";
import { CustomersPage } from "@/features/customers/CustomersPage";

export const Route = createFileRoute("/customers")({ component: CustomersRoute });

function CustomersRoute() {
  return (
    <RequireAuth denied={<AccessDenied text="Please log in to access the customer management system." />}>
      <CustomersPage />
    </RequireAuth>
  );
}
