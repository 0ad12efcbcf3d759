import { Navigate } from "@tanstack/react-router";
import { useAuth } from "@/features/auth";
import { Initializing } from "./Initializing";
import { Hero } from "./Hero";
import { Features } from "./Features";
import { Benefits } from "./Benefits";
import { Pricing } from "./Pricing";
import { ClosingCta, SiteFooter } from "./Footer";

/** '/': the landing page for visitors; signed-in users go to /chat. */
export function LandingPage() {
  const { user, initializing } = useAuth();
  if (initializing) return <Initializing />;
  if (user) return <Navigate to="/chat" replace />;
  return (
    <>
      <main id="main">
        <Hero />
        <Features />
        <Benefits />
        <Pricing />
        <ClosingCta />
      </main>
      <SiteFooter />
    </>
  );
}
