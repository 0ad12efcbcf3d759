import { Layers, Sparkles } from "lucide-react";
import * as SelectPrimitive from "@radix-ui/react-select";
import { Select, SelectContent, SelectGroup, SelectTrigger } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { MODEL_OPTIONS, RESEARCH_MODEL, modelOption, type ModelValue } from "./model";

/**
 * The model selector: the spec's five single models with their tags, then the
 * product's multi-model research choice, set apart because it asks all of them.
 */

function Option({ value }: { value: ModelValue }) {
  const option = modelOption(value)!;
  const research = value === RESEARCH_MODEL;
  return (
    <SelectPrimitive.Item
      value={value}
      className={cn(
        "relative flex w-full cursor-default select-none items-start gap-2.5 rounded-md py-2 pl-2 pr-3 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[state=checked]:bg-accent/60",
      )}
    >
      <span
        className={cn(
          "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-md",
          research ? "bg-gradient-to-br from-indigo-500 to-purple-500 text-white" : "bg-muted text-muted-foreground",
        )}
        aria-hidden="true"
      >
        {research ? <Layers className="size-3.5" /> : <Sparkles className="size-3.5" />}
      </span>
      <span className="grid">
        <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
        <span className="text-xs text-muted-foreground">{option.tag}</span>
      </span>
    </SelectPrimitive.Item>
  );
}

export function ModelSelect({
  value,
  onChange,
  disabled,
}: {
  value: ModelValue;
  onChange: (value: ModelValue) => void;
  disabled?: boolean;
}) {
  const single = MODEL_OPTIONS.filter((o) => o.value !== RESEARCH_MODEL);
  return (
    <Select value={value} onValueChange={(v) => onChange(v as ModelValue)} disabled={disabled}>
      <SelectTrigger
        aria-label="Model"
        className={cn(
          "h-8 w-auto min-w-0 gap-1.5 rounded-full border-transparent bg-muted/70 px-3 text-xs font-medium shadow-none hover:bg-muted",
          value === RESEARCH_MODEL && "bg-primary/10 text-primary hover:bg-primary/15",
        )}
        data-testid="model-select"
      >
        {value === RESEARCH_MODEL ? (
          <Layers className="size-3.5" aria-hidden="true" />
        ) : (
          <Sparkles className="size-3.5" aria-hidden="true" />
        )}
        <SelectPrimitive.Value />
      </SelectTrigger>
      <SelectContent className="w-72" align="start" side="top" sideOffset={6}>
        <SelectGroup>
          <SelectPrimitive.Label className="px-2 pb-1 pt-1.5 text-xs font-medium text-muted-foreground">Single model</SelectPrimitive.Label>
          {single.map((o) => (
            <Option key={o.value} value={o.value} />
          ))}
        </SelectGroup>
        <SelectPrimitive.Separator className="-mx-1 my-1 h-px bg-border" />
        <SelectGroup>
          <SelectPrimitive.Label className="px-2 pb-1 pt-1.5 text-xs font-medium text-muted-foreground">
            Research mode
          </SelectPrimitive.Label>
          <Option value={RESEARCH_MODEL} />
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}
