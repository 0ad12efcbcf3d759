import * as React from "react";
import { Link } from "@tanstack/react-router";
import { AlertCircle, CheckCircle2, Lightbulb, LifeBuoy, Mail, Send } from "lucide-react";
import { BackLink, Page } from "@/components/layout/Page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth";
import { SUPPORT_EMAIL } from "@/lib/product";
import {
  buildRequest,
  CATEGORIES,
  EMPTY_FORM,
  PRIORITIES,
  submitSupportRequest,
  supportMailto,
  type Category,
  type Priority,
  type SupportForm,
  type SupportRequest,
} from "./request";

type Phase =
  | { kind: "editing" }
  | { kind: "submitting" }
  | { kind: "failed"; request: SupportRequest }
  | { kind: "submitted"; request: SupportRequest };

/** /help: the support request form. */
export function SupportPage() {
  const { user } = useAuth();
  const [form, setForm] = React.useState<SupportForm>(EMPTY_FORM);
  const [phase, setPhase] = React.useState<Phase>({ kind: "editing" });

  // Fill in what we already know about a signed-in user, without overwriting what they typed.
  React.useEffect(() => {
    if (!user) return;
    setForm((f) => ({ ...f, name: f.name || user.displayName || "", email: f.email || user.email || "" }));
  }, [user]);

  const set = (field: "name" | "email" | "subject" | "message") => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const request = buildRequest(form, user?.uid);
    setPhase({ kind: "submitting" });
    try {
      await submitSupportRequest(request);
      setPhase({ kind: "submitted", request });
    } catch (error) {
      console.error("Failed to submit", error);
      setPhase({ kind: "failed", request });
    }
  }

  function another() {
    setForm({ ...EMPTY_FORM, name: user?.displayName ?? "", email: user?.email ?? "" });
    setPhase({ kind: "editing" });
  }

  if (phase.kind === "submitted") {
    return (
      <Page width="narrow">
        <Card className="mx-auto max-w-xl text-center">
          <CardContent className="flex flex-col items-center gap-4 px-8 py-14">
            <div className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
              <CheckCircle2 className="size-8" />
            </div>
            <h1 className="text-2xl font-bold tracking-tight">Request Submitted!</h1>
            <p className="text-muted-foreground">
              Thanks for reaching out. Our support team will reply to{" "}
              <span className="font-medium text-foreground">{phase.request.email}</span> as soon as possible.
            </p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Button asChild>
                <Link to="/">Back to Chat</Link>
              </Button>
              <Button variant="outline" onClick={another}>
                Submit Another Request
              </Button>
            </div>
            <a
              href={supportMailto(phase.request)}
              className="mt-2 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline"
            >
              <Mail className="size-4" /> Also send a copy by e-mail
            </a>
          </CardContent>
        </Card>
      </Page>
    );
  }

  const busy = phase.kind === "submitting";

  return (
    <Page>
      <div className="mb-6">
        <BackLink to="/">Back to Chat</BackLink>
      </div>
      <div className="flex items-center gap-3">
        <div className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <LifeBuoy className="size-6" />
        </div>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Contact Support</h1>
          <p className="text-muted-foreground">Tell us what's going on and we'll get back to you by email.</p>
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_300px]">
        <Card>
          <CardHeader>
            <CardTitle>Support request</CardTitle>
            <CardDescription>All fields are required unless marked otherwise.</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-5" onSubmit={submit}>
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="support-name">Name</Label>
                  <Input
                    id="support-name"
                    required
                    autoComplete="name"
                    value={form.name}
                    onChange={set("name")}
                    disabled={busy}
                    maxLength={200}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="support-email">Email</Label>
                  <Input
                    id="support-email"
                    type="email"
                    required
                    autoComplete="email"
                    value={form.email}
                    onChange={set("email")}
                    disabled={busy}
                    maxLength={320}
                  />
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="support-subject">Subject</Label>
                <Input
                  id="support-subject"
                  required
                  value={form.subject}
                  onChange={set("subject")}
                  disabled={busy}
                  maxLength={200}
                  placeholder="Brief summary of your request"
                />
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="support-category">Category</Label>
                  <Select
                    value={form.category}
                    onValueChange={(category) => setForm((f) => ({ ...f, category: category as Category }))}
                    disabled={busy}
                  >
                    <SelectTrigger id="support-category">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {CATEGORIES.map((c) => (
                        <SelectItem key={c.value} value={c.value}>
                          {c.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="support-priority">Priority</Label>
                  <Select
                    value={form.priority}
                    onValueChange={(priority) => setForm((f) => ({ ...f, priority: priority as Priority }))}
                    disabled={busy}
                  >
                    <SelectTrigger id="support-priority">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {PRIORITIES.map((p) => (
                        <SelectItem key={p.value} value={p.value}>
                          {p.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="support-message">Message</Label>
                <Textarea
                  id="support-message"
                  required
                  rows={7}
                  value={form.message}
                  onChange={set("message")}
                  disabled={busy}
                  maxLength={10000}
                  placeholder="Describe the issue or question in as much detail as you can."
                />
              </div>
              {phase.kind === "failed" && (
                <Alert variant="destructive">
                  <AlertCircle />
                  <AlertDescription>
                    <p>Failed to submit your request. Please try again, or send it to us by e-mail instead.</p>
                    <a
                      href={supportMailto(phase.request)}
                      className="mt-1 inline-flex items-center gap-1.5 font-medium underline underline-offset-2"
                    >
                      <Mail className="size-4" /> Send by e-mail to {SUPPORT_EMAIL}
                    </a>
                  </AlertDescription>
                </Alert>
              )}
              <div className="flex justify-end">
                <Button type="submit" size="lg" disabled={busy}>
                  {busy ? <Spinner /> : <Send />}
                  {busy ? "Sending..." : "Submit Request"}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>

        <aside className="h-fit rounded-xl border border-amber-500/30 bg-amber-500/5 p-5" aria-labelledby="quick-tips">
          <h2 id="quick-tips" className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-5 text-amber-500" /> Quick tips
          </h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground marker:text-amber-500">
            <li>Include any error messages you saw, word for word.</li>
            <li>Describe what you were doing when the problem happened.</li>
            <li>Tell us which browser or device you are using.</li>
          </ul>
        </aside>
      </div>
    </Page>
  );
}
