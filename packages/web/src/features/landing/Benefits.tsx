import { CheckCircle2, Clock, ShieldCheck, Target } from "lucide-react";
import { Section } from "./Section";

const BENEFITS = [
  { icon: Target, title: "More accurate answers", text: "Models check each other, so one model's mistake does not become your answer." },
  {
    icon: Clock,
    title: "Less time switching tools",
    text: "No more copying the same question into five chat windows and comparing by hand.",
  },
  {
    icon: CheckCircle2,
    title: "Answers grounded in your documents",
    text: "Project chat answers from the quotes, contracts and specs you uploaded.",
  },
  {
    icon: ShieldCheck,
    title: "Your data stays yours",
    text: "Each account sees only its own projects, customers, documents and conversations.",
  },
];

export function Benefits() {
  return (
    <Section id="benefits">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 via-violet-600 to-fuchsia-600 p-10 text-white shadow-xl sm:p-12">
          <div aria-hidden="true" className="absolute -right-16 -top-16 size-64 rounded-full bg-white/10 blur-2xl" />
          <p className="text-sm font-semibold uppercase tracking-wider text-white/80">Benefits</p>
          <p className="mt-6 text-7xl font-bold tracking-tight sm:text-8xl">85%</p>
          <p className="mt-3 max-w-sm text-xl font-medium">more accurate than single AI models</p>
          <p className="mt-6 max-w-md text-sm text-white/80">
            Combining several leading models into one answer catches the errors and gaps any one of them leaves behind.
          </p>
        </div>
        <div className="grid gap-3">
          <h2 className="mb-4 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Why professionals switch to a quorum of models
          </h2>
          <ul className="grid gap-6">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg border bg-card text-primary shadow-sm">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
