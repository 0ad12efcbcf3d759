import * as React from "react";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { CATEGORY_ICONS, categoryLabel, DOCUMENT_CATEGORIES, type DocumentCategory } from "./model";

/**
 * The category chips. A radio group for assistive technology:
 * one tab stop, arrow keys move the choice, as with native radio buttons.
 */
export function CategoryChips({
  value,
  onChange,
  disabled,
  label,
  labelledBy,
  exclude,
}: {
  value: DocumentCategory;
  onChange: (category: DocumentCategory) => void;
  disabled?: boolean;
  label?: string;
  labelledBy?: string;
  /** Shown but not selectable (the category a document is already in). */
  exclude?: DocumentCategory;
}) {
  const { t } = useTranslation("documents");
  const refs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const choices = DOCUMENT_CATEGORIES.filter((c) => c !== exclude);

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + choices.length) % choices.length;
    onChange(choices[next]!);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={labelledBy ? undefined : (label ?? t("category.label"))}
      aria-labelledby={labelledBy}
      className="flex flex-wrap gap-2"
    >
      {choices.map((category, index) => {
        const Icon = CATEGORY_ICONS[category];
        const selected = category === value;
        return (
          <button
            key={category}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected || (!choices.includes(value) && index === 0) ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(category)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              "inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border px-3.5 text-sm font-medium transition-colors",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
              "disabled:cursor-not-allowed disabled:opacity-60",
              selected
                ? "border-primary bg-primary text-primary-foreground shadow-sm"
                : "border-input bg-background text-foreground hover:border-primary/50 hover:bg-accent hover:text-accent-foreground",
            )}
          >
            {selected ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            )}
            {categoryLabel(category)}
          </button>
        );
      })}
    </div>
  );
}
