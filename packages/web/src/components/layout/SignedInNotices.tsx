import { PlanNotice } from "@/features/billing/PlanNotice";
import { VerifyAddressNotice } from "@/features/auth/VerifyAddressNotice";

/** What a signed-in person is told above every page of the app: an address to verify, a renewal that failed. In the signed-in layout's chunk. */
export function SignedInNotices() {
  return (
    <>
      <VerifyAddressNotice />
      <PlanNotice />
    </>
  );
}
