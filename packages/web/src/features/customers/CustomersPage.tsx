import * as React from "react";
import { useTranslation } from "react-i18next";
import { Plus, UserPlus } from "lucide-react";
import { Page, PageHeading } from "@/components/layout/Page";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/features/auth";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ContactCard } from "./ContactCard";
import { ContactDialog } from "./ContactDialog";
import { CustomerCard } from "./CustomerCard";
import { CustomerDialog } from "./CustomerDialog";
import { fullName, type Contact, type Customer } from "./model";
import { useContacts, useCustomers, useDeleteContact, useDeleteCustomer, useMakePrimary } from "./queries";

function ListMessage({ children }: { children: React.ReactNode }) {
  return <div className="rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground">{children}</div>;
}

const grid = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

/** /customers: customers and their contacts, in two tabs. */
export function CustomersPage() {
  const { t } = useTranslation("customers");
  const { user } = useAuth();
  const uid = user!.uid;
  const customers = useCustomers(uid);
  const contacts = useContacts(uid);
  const deleteCustomer = useDeleteCustomer(uid);
  const deleteContact = useDeleteContact(uid);
  const makePrimary = useMakePrimary(uid);

  const [customerDialog, setCustomerDialog] = React.useState<{ open: boolean; customer?: Customer }>({ open: false });
  const [contactDialog, setContactDialog] = React.useState<{ open: boolean; contact?: Contact; customerId?: number }>({ open: false });
  const [deleting, setDeleting] = React.useState<Customer | null>(null);
  const [deletingContact, setDeletingContact] = React.useState<Contact | null>(null);

  const companyNames = React.useMemo(() => new Map((customers.data ?? []).map((c) => [c.id, c.companyName])), [customers.data]);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteCustomer.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t("toast.customerDeleted"), description: t("toast.customerDeletedDetail") });
        setDeleting(null);
      },
      onError: () => {
        toast({ title: t("toast.customerDeleteFailed"), description: t("toast.customerDeleteFailedDetail"), variant: "destructive" });
        setDeleting(null);
      },
    });
  };

  const confirmDeleteContact = () => {
    if (!deletingContact) return;
    deleteContact.mutate(deletingContact.id, {
      onSuccess: () => toast({ title: t("toast.contactDeleted") }),
      onError: () => toast({ title: t("toast.contactDeleteFailed"), variant: "destructive" }),
      onSettled: () => setDeletingContact(null),
    });
  };

  const setPrimary = (contact: Contact) =>
    makePrimary.mutate(contact, {
      onSuccess: () => toast({ title: t("toast.primaryUpdated") }),
      onError: () => toast({ title: t("toast.primaryUpdateFailed"), variant: "destructive" }),
    });

  return (
    <Page width="wide">
      <PageHeading title={t("title")} description={t("description")} />
      <Tabs defaultValue="customers" className="mt-8">
        <TabsList>
          <TabsTrigger value="customers">{t("tabs.customers")}</TabsTrigger>
          <TabsTrigger value="contacts">{t("tabs.contacts")}</TabsTrigger>
        </TabsList>

        <TabsContent value="customers" className="mt-6 grid gap-6">
          <div className="flex justify-end">
            <Button onClick={() => setCustomerDialog({ open: true })}>
              <Plus />
              {t("addCustomer")}
            </Button>
          </div>
          {customers.isPending ? (
            <ListMessage>{t("loadingCustomers")}</ListMessage>
          ) : customers.isError ? (
            <ListMessage>{t("customersFailed")}</ListMessage>
          ) : customers.data.length === 0 ? (
            <ListMessage>{t("noCustomers")}</ListMessage>
          ) : (
            <div className={grid}>
              {customers.data.map((customer) => (
                <CustomerCard
                  key={customer.id}
                  customer={customer}
                  onAddContact={() => setContactDialog({ open: true, customerId: customer.id })}
                  onEdit={() => setCustomerDialog({ open: true, customer })}
                  onDelete={() => setDeleting(customer)}
                />
              ))}
            </div>
          )}
        </TabsContent>

        <TabsContent value="contacts" className="mt-6 grid gap-6">
          <div className="flex justify-end">
            <Button onClick={() => setContactDialog({ open: true })}>
              <UserPlus />
              {t("addContact")}
            </Button>
          </div>
          {contacts.isPending ? (
            <ListMessage>{t("loadingContacts")}</ListMessage>
          ) : contacts.isError ? (
            <ListMessage>{t("contactsFailed")}</ListMessage>
          ) : contacts.data.length === 0 ? (
            <ListMessage>{t("noContacts")}</ListMessage>
          ) : (
            <div className={grid}>
              {contacts.data.map((contact) => (
                <ContactCard
                  key={contact.id}
                  contact={contact}
                  companyName={companyNames.get(contact.customerId)}
                  onMakePrimary={() => setPrimary(contact)}
                  makingPrimary={makePrimary.isPending && makePrimary.variables?.id === contact.id}
                  onEdit={() => setContactDialog({ open: true, contact })}
                  onDelete={() => setDeletingContact(contact)}
                />
              ))}
            </div>
          )}
        </TabsContent>
      </Tabs>

      <CustomerDialog
        uid={uid}
        open={customerDialog.open}
        customer={customerDialog.customer}
        onOpenChange={(open) => setCustomerDialog((d) => ({ ...d, open }))}
      />
      <ContactDialog
        uid={uid}
        open={contactDialog.open}
        contact={contactDialog.contact}
        customerId={contactDialog.customerId}
        customers={customers.data ?? []}
        onOpenChange={(open) => setContactDialog((d) => ({ ...d, open }))}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("deleteCustomer.title")}
        description={t("deleteCustomer.question", { name: deleting?.companyName ?? "" })}
        confirmLabel={t("deleteCustomer.confirm")}
        pending={deleteCustomer.isPending}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={!!deletingContact}
        onOpenChange={(open) => !open && setDeletingContact(null)}
        title={t("deleteContact.title")}
        description={t("deleteContact.question", { name: deletingContact ? fullName(deletingContact) : "" })}
        confirmLabel={t("deleteContact.confirm")}
        pending={deleteContact.isPending}
        onConfirm={confirmDeleteContact}
      />
    </Page>
  );
}
