import * as React from "react";
import { Plus, UserPlus } from "lucide-react";
import { Page, PageHeading } from "@/components/layout/Page";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/features/auth";
import { ContactCard } from "./ContactCard";
import { ContactDialog } from "./ContactDialog";
import { CustomerCard } from "./CustomerCard";
import { CustomerDialog } from "./CustomerDialog";
import type { Contact, Customer } from "./model";
import { useContacts, useCustomers, useDeleteContact, useDeleteCustomer, useMakePrimary } from "./queries";

function ListMessage({ children }: { children: React.ReactNode }) {
  return <div className="rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground">{children}</div>;
}

const grid = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

/** /customers: customers and their contacts, in two tabs. */
export function CustomersPage() {
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

  const companyNames = React.useMemo(() => new Map((customers.data ?? []).map((c) => [c.id, c.companyName])), [customers.data]);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteCustomer.mutate(deleting.id, {
      onSuccess: () => {
        toast({
          title: "Customer deleted successfully",
          description: "The customer and all associated contacts have been permanently removed.",
        });
        setDeleting(null);
      },
      onError: () => {
        toast({
          title: "Failed to delete customer",
          description: "An error occurred while deleting the customer. Please try again.",
          variant: "destructive",
        });
        setDeleting(null);
      },
    });
  };

  const removeContact = (contact: Contact) =>
    deleteContact.mutate(contact.id, {
      onSuccess: () => toast({ title: "Contact deleted successfully" }),
      onError: () => toast({ title: "Failed to delete contact", variant: "destructive" }),
    });

  const setPrimary = (contact: Contact) =>
    makePrimary.mutate(contact, {
      onSuccess: () => toast({ title: "Primary contact updated successfully" }),
      onError: () => toast({ title: "Failed to update primary contact", variant: "destructive" }),
    });

  return (
    <Page width="wide">
      <PageHeading title="Customer Management" description="Manage your customers and their contacts" />
      <Tabs defaultValue="customers" className="mt-8">
        <TabsList>
          <TabsTrigger value="customers">Customers</TabsTrigger>
          <TabsTrigger value="contacts">Contacts</TabsTrigger>
        </TabsList>

        <TabsContent value="customers" className="mt-6 grid gap-6">
          <div className="flex justify-end">
            <Button onClick={() => setCustomerDialog({ open: true })}>
              <Plus />
              Add Customer
            </Button>
          </div>
          {customers.isPending ? (
            <ListMessage>Loading customers...</ListMessage>
          ) : customers.isError ? (
            <ListMessage>Failed to load customers.</ListMessage>
          ) : customers.data.length === 0 ? (
            <ListMessage>No customers found. Click "Add Customer" to create your first customer.</ListMessage>
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
              Add Contact
            </Button>
          </div>
          {contacts.isPending ? (
            <ListMessage>Loading contacts...</ListMessage>
          ) : contacts.isError ? (
            <ListMessage>Failed to load contacts.</ListMessage>
          ) : contacts.data.length === 0 ? (
            <ListMessage>No contacts found. Click "Add Contact" to create your first contact.</ListMessage>
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
                  onDelete={() => removeContact(contact)}
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
      <AlertDialog open={!!deleting} onOpenChange={(open) => !open && !deleteCustomer.isPending && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Customer</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete {deleting?.companyName}? This action cannot be undone and will also delete all associated
              contacts.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteCustomer.isPending}>Cancel</AlertDialogCancel>
            <Button variant="destructive" onClick={confirmDelete} disabled={deleteCustomer.isPending}>
              Delete Customer
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Page>
  );
}
