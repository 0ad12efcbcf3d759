import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { loadedMessages } from "@/features/chat/model";
import { MessageBubble } from "@/features/chat/MessageBubble";
import { ApiError } from "@/lib/api";
import { PRODUCT_NAME } from "@/lib/product";
import { fetchShared, sharedKey } from "./queries";

/** Asks search engines not to list the page while it is shown (the API says the same in its headers). */
function useNoIndex() {
  React.useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex, nofollow";
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** /shared/{token}: a conversation someone shared, read-only, for anyone with the link. */
export function SharedConversationPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation("share");
  useNoIndex();
  const latest = useQuery({ queryKey: sharedKey(token), queryFn: () => fetchShared(token) });
  const [earlier, setEarlier] = React.useState<{ messages: ReturnType<typeof loadedMessages>; before: number | null } | null>(null);
  const [loadingEarlier, setLoadingEarlier] = React.useState(false);

  const before = earlier ? earlier.before : latest.data?.hasMore ? (latest.data.older ?? null) : null;
  const loadEarlier = async () => {
    if (before === null) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchShared(token, before);
      setEarlier((current) => ({
        messages: [...loadedMessages(page.messages), ...(current?.messages ?? [])],
        before: page.hasMore ? page.older : null,
      }));
    } finally {
      setLoadingEarlier(false);
    }
  };

  if (latest.isPending) {
    return (
      <main id="main" className="flex min-h-[60vh] items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> {t("page.loading")}
      </main>
    );
  }
  if (latest.isError || !latest.data) {
    const missing = latest.error instanceof ApiError && (latest.error.status === 404 || latest.error.status === 400);
    return (
      <main id="main" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{t("page.notFound")}</h1>
        <p className="text-muted-foreground">{missing ? t("page.notFoundText") : t("export.failed")}</p>
        <Button asChild className="mt-2">
          <Link to="/">{t("page.cta")}</Link>
        </Button>
      </main>
    );
  }

  const conversation = latest.data;
  const messages = [...(earlier?.messages ?? []), ...loadedMessages(conversation.messages)];
  const created = new Date(conversation.createdAt).toLocaleDateString(i18n.language, { dateStyle: "long" });
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-3 py-8 sm:px-5" data-testid="shared-conversation">
      <header className="mb-8 grid gap-2 border-b pb-6">
        <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-medium text-primary">
          <Eye className="size-3.5" aria-hidden="true" /> {t("page.badge")}
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{conversation.title}</h1>
        <p className="text-sm text-muted-foreground">{created}</p>
      </header>
      {before !== null && (
        <div className="mb-6 flex justify-center">
          <Button variant="outline" size="sm" onClick={() => void loadEarlier()} disabled={loadingEarlier}>
            {loadingEarlier && <Spinner />} {t("page.older")}
          </Button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">{t("page.empty")}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-6">
          {messages.map((m) => (
            <li key={m.id}>
              <MessageBubble message={m} />
            </li>
          ))}
        </ol>
      )}
      <footer className="mt-10 flex flex-col items-center gap-3 border-t pt-6 text-center text-sm text-muted-foreground">
        <p>{t("page.footer", { product: PRODUCT_NAME })}</p>
        <Button asChild size="sm">
          <Link to="/">{t("page.cta")}</Link>
        </Button>
      </footer>
    </main>
  );
}
