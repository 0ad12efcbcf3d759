import * as React from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** A text input; with `icon`, the icon sits inside on the left (sign-in's mail and lock fields). */
export function Input({ className, type, icon: Icon, ...props }: React.ComponentProps<"input"> & { icon?: LucideIcon }) {
  const input = (
    <input
      type={type}
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:border-transparent disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted/60 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        Icon && "pl-9",
        className,
      )}
      {...props}
    />
  );
  if (!Icon) return input;
  return (
    <div className="relative">
      <Icon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      {input}
    </div>
  );
}
