import type { LucideIcon } from "lucide-react";

/** A screen whose content arrives in a later release: says so plainly instead of showing a broken page. */
export function Placeholder({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 rounded-2xl border border-dashed bg-muted/30 px-6 py-20 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Icon className="size-7" aria-hidden="true" />
      </div>
      <div className="grid max-w-md gap-1.5">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-balance text-sm text-muted-foreground">{text}</p>
      </div>
    </div>
  );
}
