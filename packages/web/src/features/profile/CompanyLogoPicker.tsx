import * as React from "react";
import { useTranslation } from "react-i18next";
import { Building2, ImagePlus } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The company logo (or its placeholder) and, while editing, the button that picks a new one. */
export function CompanyLogoPicker({
  logo,
  editing,
  disabled,
  onChoose,
}: {
  logo: string;
  editing: boolean;
  disabled: boolean;
  onChoose: (file: File) => void;
}) {
  const { t } = useTranslation("profile");
  const fileInput = React.useRef<HTMLInputElement>(null);

  function chosen(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // Cleared, so choosing the same file again after a refusal still counts as a change.
    e.target.value = "";
    if (file) onChoose(file);
  }

  return (
    <div className="flex items-center gap-3 sm:pt-4">
      <div className="flex size-16 items-center justify-center overflow-hidden rounded-xl border bg-muted/50" title={t("companyLogo")}>
        {logo ? (
          <img src={logo} alt={t("companyLogo")} className="size-full object-contain p-1.5" data-testid="company-logo" />
        ) : (
          <Building2 className="size-7 text-muted-foreground" aria-label={t("noCompanyLogo")} />
        )}
      </div>
      {editing && (
        <>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            onChange={chosen}
            aria-label={t("logoFile")}
            tabIndex={-1}
          />
          <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={disabled}>
            <ImagePlus /> {logo ? t("changeLogo") : t("uploadLogo")}
          </Button>
        </>
      )}
    </div>
  );
}
