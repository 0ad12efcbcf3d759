import * as React from "react";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LifeBuoy, LogOut, Menu, Settings, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/brand/Logo";
import { greetingName, useAuth, useAuthDialogs } from "@/features/auth";
import { ThemeToggle } from "@/features/theme/ThemeToggle";
import { toast } from "@/hooks/use-toast";
import { AUTH_TEXT } from "@/features/auth/errors";
import { cn } from "@/lib/utils";
import { PRODUCT_NAME } from "@/lib/product";

const SECTIONS = [
  { hash: "features", label: "features" },
  { hash: "benefits", label: "benefits" },
  { hash: "pricing", label: "pricing" },
] as const;

const APP_LINKS = [
  { to: "/chat", label: "chat" },
  // Fuzzy matching keeps Projects active on every /projects/... page.
  { to: "/projects", label: "projects" },
  { to: "/customers", label: "customers" },
  { to: "/analytics", label: "analytics" },
] as const;

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
const navLinkActive = "bg-accent text-accent-foreground";

export function Header() {
  const { user, initializing, signOut } = useAuth();
  const { openSignIn, openSignUp } = useAuthDialogs();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menuOpen, setMenuOpen] = React.useState(false);
  const { t } = useTranslation("layout");

  React.useEffect(() => setMenuOpen(false), [pathname]);

  async function handleSignOut() {
    setMenuOpen(false);
    try {
      await signOut();
      await navigate({ to: "/" });
    } catch (error) {
      console.error("Sign-out failed", error);
      toast({ title: t("signOutFailed"), description: AUTH_TEXT.signOutFailed, variant: "destructive" });
    }
  }

  const signedIn = !!user;

  return (
    <header className="sticky top-0 z-40 border-b print:hidden border-border/60 bg-background/80 backdrop-blur-lg supports-[backdrop-filter]:bg-background/70">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to={signedIn ? "/chat" : "/"}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t("home", { product: PRODUCT_NAME })}
        >
          <Logo />
        </Link>

        <nav aria-label={t("mainNav")} className="ml-4 hidden items-center gap-1 md:flex">
          {initializing
            ? null
            : signedIn
              ? APP_LINKS.map((link) => (
                  <Link key={link.to} to={link.to} className={navLink} activeProps={{ className: navLinkActive, "aria-current": "page" }}>
                    {t(link.label)}
                  </Link>
                ))
              : SECTIONS.map((section) => (
                  <Link key={section.hash} to="/" hash={section.hash} className={navLink} hashScrollIntoView={{ behavior: "smooth" }}>
                    {t(section.label)}
                  </Link>
                ))}
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          <ThemeToggle />
          {!initializing && signedIn && (
            <div className="hidden items-center gap-1.5 md:flex">
              <Button variant="ghost" size="icon" asChild>
                <Link to="/help" aria-label={t("helpAndSupport")} title={t("helpAndSupport")}>
                  <LifeBuoy />
                </Link>
              </Button>
              <Button variant="ghost" size="icon" asChild>
                <Link to="/settings" aria-label={t("settings")} title={t("settings")}>
                  <Settings />
                </Link>
              </Button>
              <Link
                to="/profile"
                className="ml-1 flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                activeProps={{ className: "bg-accent" }}
              >
                <Avatar name={greetingName(user)} photoURL={user.photoURL} />
                <span className="max-w-40 truncate max-lg:sr-only">{t("greeting", { name: greetingName(user) })}</span>
              </Link>
              <Button variant="outline" size="sm" onClick={handleSignOut}>
                <LogOut />
                {t("signOut")}
              </Button>
            </div>
          )}
          {!initializing && !signedIn && (
            <div className="hidden items-center gap-2 md:flex">
              <Button variant="ghost" onClick={() => openSignIn()}>
                {t("signIn")}
              </Button>
              <Button onClick={() => openSignUp()}>{t("getStarted")}</Button>
            </div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? t("closeMenu") : t("openMenu")}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>

      {menuOpen && !initializing && (
        <div id="mobile-menu" className="border-t bg-background px-4 pb-4 pt-2 shadow-lg md:hidden">
          <nav aria-label={t("mobileNav")} className="grid gap-1">
            {signedIn
              ? [
                  ...APP_LINKS.map((link) => ({ to: link.to, label: t(link.label) })),
                  { to: "/profile", label: t("greeting", { name: greetingName(user) }) },
                  { to: "/settings", label: t("settings") },
                  { to: "/help", label: t("help") },
                ].map((link) => (
                  <Link key={link.to} to={link.to} className={cn(navLink, "text-base")} activeProps={{ className: navLinkActive }}>
                    {link.label}
                  </Link>
                ))
              : SECTIONS.map((section) => (
                  <Link
                    key={section.hash}
                    to="/"
                    hash={section.hash}
                    className={cn(navLink, "text-base")}
                    onClick={() => setMenuOpen(false)}
                  >
                    {t(section.label)}
                  </Link>
                ))}
          </nav>
          <div className="mt-3 grid gap-2 border-t pt-3">
            {signedIn ? (
              <Button variant="outline" onClick={handleSignOut}>
                <LogOut /> {t("signOut")}
              </Button>
            ) : (
              <>
                <Button variant="outline" onClick={() => (setMenuOpen(false), openSignIn())}>
                  {t("signIn")}
                </Button>
                <Button onClick={() => (setMenuOpen(false), openSignUp())}>{t("getStarted")}</Button>
              </>
            )}
          </div>
        </div>
      )}
    </header>
  );
}

export function Avatar({ name, photoURL, size = "sm" }: { name: string; photoURL?: string | null; size?: "sm" | "lg" }) {
  const [broken, setBroken] = React.useState(false);
  const classes = size === "lg" ? "size-20 text-2xl" : "size-7 text-xs";
  if (photoURL && !broken) {
    return (
      <img
        src={photoURL}
        alt=""
        className={cn("shrink-0 rounded-full object-cover", classes)}
        onError={() => setBroken(true)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 font-semibold uppercase text-white",
        classes,
      )}
    >
      {name.charAt(0) || "U"}
    </span>
  );
}
