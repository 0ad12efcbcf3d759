import * as React from "react";
import { Navigate } from "@tanstack/react-router";
import { PageLoader } from "@/components/layout/PageLoader";
import { useAuth } from "./context";

/**
 * Shows its children only to a signed-in user. While the session is still being
 * restored it shows `loadingText`; a signed-out visitor sees `denied`, or is sent to '/'.
 */
export function RequireAuth({
  children,
  loadingText,
  denied,
}: {
  children: React.ReactNode;
  loadingText?: string;
  denied?: React.ReactNode;
}) {
  const { user, initializing } = useAuth();
  if (initializing) return <PageLoader text={loadingText} />;
  if (!user) return denied ?? <Navigate to="/" replace />;
  return <>{children}</>;
}
