import { Spinner } from "@/components/ui/spinner";

/** A centred, accessible loading state for a whole page. */
export function PageLoader({ text = "Loading..." }: { text?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground" role="status" aria-live="polite">
      <Spinner className="size-6 text-primary" />
      <p className="text-sm">{text}</p>
    </div>
  );
}
