import { useTranslation } from "react-i18next";
import type { Citation } from "@quorum/core/project-chat/schema";

/** An answer's "[n]" marker as a small button that opens the cited document at its page. */
export function CitationChip({ citation, onCite }: { citation: Citation; onCite: (citation: Citation) => void }) {
  const { t } = useTranslation("projectChat");
  return (
    <button
      type="button"
      onClick={() => onCite(citation)}
      title={t("citation.title", { file: citation.fileName, page: citation.page })}
      aria-label={t("citation.label", { index: citation.index, file: citation.fileName, page: citation.page })}
      className="mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-px cursor-pointer items-center justify-center rounded-md bg-primary/12 px-1 align-middle text-[11px] font-semibold text-primary transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {citation.index}
    </button>
  );
}
