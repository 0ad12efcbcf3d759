/**
 * Build time only (first-screen-plugin.ts): the landing page's first screen, the header and the
 * hero, as a visitor without a session sees it in the default language and the light theme, so
 * index.html paints it before any script has run; and /chat's, as a returning user sees it before
 * their data is in. The components are the app's own, inside the same frame, so the app's render
 * that replaces it looks the same.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterContextProvider,
  RouterProvider,
} from "@tanstack/react-router";
import { ShellFrame } from "@/components/layout/ShellFrame";
import { AuthDialogsProvider } from "@/features/auth";
import { AuthContext, type AuthContextValue } from "@/features/auth/context";
import { ChatPage } from "@/features/chat/ChatPage";
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

/** A returning user whose session is being restored: who they are comes with the app. */
const member: AuthContextValue = {
  ...visitor,
  user: { uid: "first-screen", displayName: null, email: null, photoURL: null, emailVerified: true },
};

/** The account link shows whose session it is, which only the app knows: the copy keeps its place, blank. */
function blankAccount(markup: string): string {
  const link = /(<a[^>]*href="\/profile"[^>]*>).*?(<\/a>)/s;
  if (!link.test(markup)) throw new Error("The chat's first screen has no account link to blank");
  return markup.replace(
    link,
    (_, open: string, close: string) =>
      `${open}<span class="size-7 shrink-0 rounded-full bg-muted"></span><span class="h-3.5 w-20 rounded bg-muted max-lg:sr-only"></span>${close}`,
  );
}

export async function renderChatFirstScreen(): Promise<string> {
  await loadScreenTexts("/chat");
  // The chat reads the address's search (the conversation to open): it renders inside its route.
  const root = createRootRoute();
  const chat = createRoute({
    getParentRoute: () => root,
    path: "/chat",
    component: () => (
      <AuthDialogsProvider>
        <ShellFrame>
          <ChatPage />
        </ShellFrame>
      </AuthDialogsProvider>
    ),
  });
  const router = createRouter({ routeTree: root.addChildren([chat]), history: createMemoryHistory({ initialEntries: ["/chat"] }) });
  await router.load();
  return blankAccount(
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider>
          <AuthContext.Provider value={member}>
            <RouterProvider router={router} />
          </AuthContext.Provider>
        </ThemeProvider>
      </QueryClientProvider>,
    ),
  );
}

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
