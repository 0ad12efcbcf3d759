import { i18next } from "@/i18n";
import * as React from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A panel that slides in from a screen edge (shadcn/ui's Sheet): a modal dialog,
 * so focus is trapped and Escape or the backdrop closes it. For side navigation on small screens.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const SHEET_KEYFRAMES = `
@keyframes sheet-in-left { from { transform: translateX(-100%); } }
@keyframes sheet-out-left { to { transform: translateX(-100%); } }
@keyframes sheet-in-right { from { transform: translateX(100%); } }
@keyframes sheet-out-right { to { transform: translateX(100%); } }
`;

export function SheetContent({
  side = "left",
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { side?: "left" | "right" }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px] data-[state=open]:animate-[fade-in_150ms_ease-out] data-[state=closed]:animate-[fade-out_120ms_ease-in]" />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-y-0 z-50 flex w-[min(22rem,calc(100vw-3rem))] flex-col bg-background shadow-2xl focus:outline-none",
          side === "left"
            ? "left-0 border-r data-[state=open]:animate-[sheet-in-left_200ms_ease-out] data-[state=closed]:animate-[sheet-out-left_150ms_ease-in_forwards]"
            : "right-0 border-l data-[state=open]:animate-[sheet-in-right_200ms_ease-out] data-[state=closed]:animate-[sheet-out-right_150ms_ease-in_forwards]",
          className,
        )}
        {...props}
      >
        {/* Inside the content: the portal unmounts its other children at once, and the closing animation needs these. */}
        <style>{SHEET_KEYFRAMES}</style>
        {children}
        <DialogPrimitive.Close className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground opacity-80 transition hover:bg-accent hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" />
          <span className="sr-only">{i18next.t("common:close")}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-base font-semibold", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
