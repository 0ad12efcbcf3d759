import * as React from "react";
import { Copy, Download, Link2, Link2Off, Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { downloadExport, shareConversation, stopSharing } from "./queries";

type Busy = "md" | "pdf" | "share" | "revoke" | null;

/** The chat header's "Share or export": downloads of the open conversation and its read-only link. */
export function ShareButton({ conversationId, disabled }: { conversationId: string | null; disabled?: boolean }) {
  const { t } = useTranslation("share");
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:text-foreground"
        onClick={() => setOpen(true)}
        disabled={disabled || conversationId === null}
      >
        <Share2 /> <span className="hidden sm:inline">{t("open")}</span>
      </Button>
      {conversationId && <ShareDialog key={conversationId} conversationId={conversationId} open={open} onOpenChange={setOpen} />}
    </>
  );
}

function ShareDialog({
  conversationId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("share");
  const [busy, setBusy] = React.useState<Busy>(null);
  const [url, setUrl] = React.useState<string | null>(null);
  const [notice, setNotice] = React.useState<{ text: string; error?: boolean } | null>(null);

  const run = async (what: Busy, work: () => Promise<void>, failure: string) => {
    setBusy(what);
    setNotice(null);
    try {
      await work();
    } catch (cause) {
      console.error("Share or export failed", cause);
      setNotice({ text: failure, error: true });
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => {});
    setNotice({ text: t("link.copied") });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>

        <section className="grid gap-2" aria-labelledby="export-heading">
          <h3 id="export-heading" className="text-sm font-medium">
            {t("export.heading")}
          </h3>
          <div className="flex flex-wrap gap-2">
            {(["md", "pdf"] as const).map((format) => (
              <Button
                key={format}
                variant="outline"
                size="sm"
                disabled={busy !== null}
                onClick={() => void run(format, () => downloadExport(conversationId, format), t("export.failed"))}
              >
                <Download /> {t(format === "md" ? "export.markdown" : "export.pdf")}
              </Button>
            ))}
          </div>
        </section>

        <section className="grid gap-2 border-t pt-4" aria-labelledby="link-heading">
          <h3 id="link-heading" className="text-sm font-medium">
            {t("link.heading")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("link.explain")}</p>
          {url ? (
            <>
              <Input readOnly value={url} aria-label={t("link.label")} onFocus={(e) => e.currentTarget.select()} />
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => void copy()}>
                  <Copy /> {t("link.copy")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(
                      "revoke",
                      async () => {
                        await stopSharing(conversationId);
                        setUrl(null);
                        setNotice({ text: t("link.revoked") });
                      },
                      t("link.failed"),
                    )
                  }
                >
                  <Link2Off /> {t("link.revoke")}
                </Button>
              </div>
            </>
          ) : (
            <div>
              <Button
                size="sm"
                disabled={busy !== null}
                onClick={() => void run("share", async () => setUrl((await shareConversation(conversationId)).url), t("link.failed"))}
              >
                <Link2 /> {t("link.create")}
              </Button>
            </div>
          )}
        </section>
        {notice && (
          <p role="status" className={notice.error ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
            {notice.text}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
