import { Bot, FileSearch, FolderKanban, Layers, Microscope, Users } from "lucide-react";
import { Section, SectionHeading } from "./Section";

const FEATURES = [
  {
    icon: Layers,
    title: "Multi-model answers",
    text: "Every question goes to GPT-4, Claude, Gemini and others; their answers are combined into one.",
  },
  {
    icon: Bot,
    title: "Pick a single model",
    text: "Prefer one model for a task? Choose Claude, GPT, Gemini, Grok or DeepSeek for any message.",
  },
  {
    icon: Microscope,
    title: "Research mode",
    text: "For hard questions, let every model work in depth and get a synthesized answer in under a minute.",
  },
  {
    icon: FolderKanban,
    title: "Projects with documents",
    text: "Keep quotes, contracts and specifications per project and ask the AI about all of them at once.",
  },
  {
    icon: FileSearch,
    title: "Quotes extracted for you",
    text: "Uploaded documents are read and analysed by AI to pull out the quote information that matters.",
  },
  {
    icon: Users,
    title: "Customers and contacts",
    text: "Link projects to customer companies and their contacts, and connect your CRM opportunities.",
  },
];

export function Features() {
  return (
    <Section id="features" className="border-t bg-muted/30">
      <SectionHeading
        eyebrow="Features"
        title="Everything you need to get answers you can trust"
        text="One workspace for asking, comparing and acting on what the best AI models know."
      />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <div key={title} className="group rounded-xl border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
            <div className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary transition group-hover:bg-primary group-hover:text-primary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <h3 className="mb-2 font-semibold">{title}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
