import { ConfigSchema, type Config } from "@quorum/core/config";

/**
 * A configuration for engine tests: nothing from the machine's environment,
 * only the given settings over the defaults (so no real model is ever called).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return ConfigSchema.parse(env);
}

/** The Bedrock SDK signs every request (SigV4): fake servers accept any static credentials. */
export function useStaticAwsCredentials() {
  process.env.AWS_ACCESS_KEY_ID = "test";
  process.env.AWS_SECRET_ACCESS_KEY = "test";
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
}
