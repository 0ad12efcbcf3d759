import { api } from "./api";
import { API_READ_TIMEOUT_SECONDS } from "./cdn";
import { router } from "./router";
import { secrets } from "./secrets";

router.route("/api", api.url, { readTimeout: `${API_READ_TIMEOUT_SECONDS} seconds` });

export const site = new sst.aws.StaticSite("Web", {
  path: "packages/web",
  build: { command: "npm run build", output: "dist" },
  router: { instance: router },
  environment: {
    VITE_FIREBASE_PROJECT_ID: secrets.FirebaseProjectId.value,
    VITE_FIREBASE_API_KEY: secrets.FirebaseApiKey.value,
    VITE_FIREBASE_AUTH_DOMAIN: secrets.FirebaseAuthDomain.value,
    VITE_STRIPE_PUBLISHABLE_KEY: secrets.StripePublishableKey.value,
  },
});
