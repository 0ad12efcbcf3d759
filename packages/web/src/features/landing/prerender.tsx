/**
 * Build time only (first-screen-plugin.ts): the landing page's first screen, the header and the
 * hero, as a visitor without a session sees it in the default language and the light theme, so
 * index.html paints it before any script has run. The components are the app's own, inside the
 * same frame, so the app's render that replaces it looks the same to the pixel.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterContextProvider } from "@tanstack/react-router";
import { ShellFrame } from "@/components/layout/ShellFrame";
import { AuthDialogsProvider } from "@/features/auth";
import { AuthContext, type AuthContextValue } from "@/features/auth/context";
import { ThemeProvider } from "@/features/theme/ThemeProvider";
import { loadScreenTexts } from "@/i18n";
import { Hero } from "./Hero";

const inert = () => Promise.reject(new Error("The prerendered first screen is inert: the app takes over before anyone can act"));

/** A visitor whose session is known to be absent: the landing page's state for a browser that never signed in. */
const visitor: AuthContextValue = {
  user: null,
  loading: false,
  initializing: false,
  error: null,
  synced: true,
  loginSynced: inert,
  signInWithGoogle: inert,
  signInWithEmail: inert,
  signUpWithEmail: inert,
  signOut: inert,
  updateDisplayName: inert,
};

export async function renderFirstScreen(): Promise<string> {
  await loadScreenTexts("/");
  // Links only need where they point and what is active: the landing page, at "/".
  const root = createRootRoute();
  const router = createRouter({
    routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: "/" })]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  return renderToStaticMarkup(
    <ThemeProvider>
      <AuthContext.Provider value={visitor}>
        <RouterContextProvider router={router}>
          <AuthDialogsProvider>
            <ShellFrame>
              <main id="main">
                <Hero />
              </main>
            </ShellFrame>
          </AuthDialogsProvider>
        </RouterContextProvider>
      </AuthContext.Provider>
    </ThemeProvider>,
  );
}
