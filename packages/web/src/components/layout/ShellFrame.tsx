import type * as React from "react";
import { Header } from "./Header";

/**
 * The frame of every page: the header, then the page. The landing
 * page's first screen prerendered into index.html uses it too, so that copy lays out exactly as
 * the app's own render that replaces it.
 */
export function ShellFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <div className="flex flex-1 flex-col">{children}</div>
    </div>
  );
}
