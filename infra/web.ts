import { api } from "./api";
import { secrets } from "./secrets";

/** One origin for the site and the API, so the browser's calls stay same-origin as locally. */
export const router = new sst.aws.Router("Router");
router.route("/api", api.url);

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
