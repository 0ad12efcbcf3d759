import type { z } from "zod";
import { ProfileUpdateInput, type ProfileRecord } from "@quorum/core/user/schema";

/** The profile form: every field of the API's profile edit but the logo, which is uploaded as a file first. */
export const ProfileForm = ProfileUpdateInput.omit({ companyLogo: true }).required();
export type ProfileFormValues = z.input<typeof ProfileForm>;
export type ProfileFieldName = keyof ProfileFormValues;

const FIELDS = Object.keys(ProfileForm.shape) as ProfileFieldName[];

/** The form's values for a profile: its saved text, or empty. */
export function formFrom(profile: ProfileRecord | undefined): ProfileFormValues {
  return Object.fromEntries(FIELDS.map((field) => [field, profile?.[field] ?? ""])) as ProfileFormValues;
}
