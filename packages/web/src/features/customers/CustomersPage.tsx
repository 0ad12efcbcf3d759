import { Users } from "lucide-react";
import { Page, PageHeading } from "@/components/layout/Page";
import { Placeholder } from "@/components/layout/Placeholder";

/** /customers: customer and contact management (spec doc 2 §2). Its content is built in its own issue. */
export function CustomersPage() {
  return (
    <Page width="wide">
      <PageHeading title="Customer Management" description="Manage your customers and their contacts" />
      <div className="mt-8">
        <Placeholder icon={Users} title="Customers are on their way" text="Your customer companies and their contacts will appear here." />
      </div>
    </Page>
  );
}
