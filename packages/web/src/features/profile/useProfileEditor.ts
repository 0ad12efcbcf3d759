import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { ProfileRecord, ProfileUpdateInput } from "@quorum/core/user/schema";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/features/auth";
import { ApiError } from "@/lib/api";
import { logoProblem } from "./logo";
import { formFrom, ProfileForm } from "./profile-form";
import { uploadCompanyLogo, useUpdateProfile } from "./queries";

function describe(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The profile's edit mode: the form (checked with the API's own rules), the new logo
 * waiting to be uploaded with its preview, and saving both (logo first, then the profile).
 */
export function useProfileEditor(uid: string, profile: ProfileRecord | undefined) {
  const { t } = useTranslation("profile");
  const { updateDisplayName } = useAuth();
  const update = useUpdateProfile(uid);
  const form = useForm({ resolver: zodResolver(ProfileForm), defaultValues: formFrom(undefined) });
  const [editing, setEditing] = React.useState(false);
  const [logoFile, setLogoFile] = React.useState<File | null>(null);
  const [logoPreview, setLogoPreview] = React.useState<string | null>(null);
  const [uploading, setUploading] = React.useState(false);
  const { reset } = form;

  React.useEffect(() => {
    if (profile && !editing) reset(formFrom(profile));
  }, [profile, editing, reset]);

  React.useEffect(() => {
    if (!logoFile) return setLogoPreview(null);
    const url = URL.createObjectURL(logoFile);
    setLogoPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logoFile]);

  function cancel() {
    reset(formFrom(profile));
    setLogoFile(null);
    setEditing(false);
  }

  function chooseLogo(file: File) {
    const problem = logoProblem(file);
    if (problem) toast({ ...problem, variant: "destructive" });
    else setLogoFile(file);
  }

  const save = form.handleSubmit(async (values) => {
    const changes: ProfileUpdateInput = { ...values };
    if (logoFile) {
      setUploading(true);
      try {
        changes.companyLogo = (await uploadCompanyLogo(uid, logoFile)).filePath;
      } catch (error) {
        toast({ title: t("updateFailed"), description: t("logoUploadFailed", { reason: describe(error) }), variant: "destructive" });
        return;
      } finally {
        setUploading(false);
      }
    }
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      toast({ title: t("updateFailed"), description: t("profileUpdateFailed", { reason: describe(error) }), variant: "destructive" });
      return;
    }
    if (values.displayName) updateDisplayName(values.displayName).catch((error) => console.error("Display name sync failed", error));
    setLogoFile(null);
    setEditing(false);
    toast({ title: t("updated"), description: t("updatedText") });
  });

  return {
    form,
    editing,
    edit: () => setEditing(true),
    cancel,
    save,
    saving: uploading || update.isPending,
    /** The logo to show: the chosen file's preview, else the saved one's URL ("" when none). */
    logo: logoPreview ?? (profile?.companyLogo || ""),
    chooseLogo,
  };
}
