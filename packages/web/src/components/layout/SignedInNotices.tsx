import { PlanNotice } from "@/features/billing/PlanNotice";
import { VerifyAddressNotice } from "@/features/auth/VerifyAddressNotice";

/** What a signed-in person is told above every page: an address to verify, a renewal that failed. One chunk, loaded once signed in. */
export function SignedInNotices() {
  return (
    <>
      <VerifyAddressNotice />
      <PlanNotice />
    </>
  );
}
