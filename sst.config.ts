/// <reference path="./.sst/platform/config.d.ts" />

/**
 * Quorum on AWS. `npx sst deploy --stage <name>` gives every developer a stage of
 * their own; `production` keeps its data when removed. Each concern lives in infra/.
 */
export default $config({
  app(input) {
    // "local" is the local stack's stage: code trusts it with shortcuts (unsigned
    // emulator tokens, test payments) that a deployed stage must never offer.
    if (input?.stage === "local") throw new Error('The stage name "local" is reserved for the local stack; deploy with another --stage.');
    return {
      name: "quorum",
      removal: input?.stage === "production" ? "retain" : "remove",
      protect: ["production"].includes(input?.stage),
      home: "aws",
      providers: { aws: { region: "us-east-1" } },
    };
  },
  async run() {
    const { secrets } = await import("./infra/secrets");
    const { table, bucket } = await import("./infra/storage");
    const { stateMachine } = await import("./infra/pipeline");
    const { api } = await import("./infra/api");
    const { router } = await import("./infra/router");
    const { site } = await import("./infra/web");
    return {
      api: api.url,
      site: router.url,
      table: table.name,
      bucket: bucket.name,
      pipeline: stateMachine.arn,
      secrets: Object.keys(secrets).join(", "),
      web: site.url,
    };
  },
});
