import type * as React from "react";
import { AlertCircle, type LucideIcon } from "lucide-react";
import { Page } from "@/components/layout/Page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";

/**
 * The card of a page an identity-provider mail leads to: its title, a line while the link is
 * being checked, what is wrong with the link if anything, then what the page offers.
 */
export function ActionCard(props: {
  testId: string;
  icon: LucideIcon;
  title: string;
  description?: string;
  /** Shown (with a spinner) while the link is checked. */
  checking?: string;
  problem?: string;
  children?: React.ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Page width="narrow">
      <Card className="mx-auto w-full max-w-md" data-testid={props.testId}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-2xl">
            <Icon className="size-6 text-primary" /> {props.title}
          </CardTitle>
          {props.description && <CardDescription>{props.description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {props.checking && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> {props.checking}
            </p>
          )}
          {props.problem && (
            <Alert variant="destructive">
              <AlertCircle />
              <AlertDescription>{props.problem}</AlertDescription>
            </Alert>
          )}
          {props.children}
        </CardContent>
      </Card>
    </Page>
  );
}
