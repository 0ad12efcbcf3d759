import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { RequireAuth } from "@/features/auth";
import { AccessDenied } from "@/components/layout/AccessDenied";
import { CustomersPage } from "@/features/customers/CustomersPage";

export const Route = createFileRoute("/customers")({ component: CustomersRoute });

function CustomersRoute() {
  const { t } = useTranslation("customers");
  return (
    <RequireAuth denied={<AccessDenied text={t("accessDenied")} />}>
      <CustomersPage />
    </RequireAuth>
  );
}
