import type { Plugin } from "esbuild";

/** The plugins of infra/esbuild-plugins.mjs (plain JavaScript, which SST loads with node). */
declare const plugins: Plugin[];
export default plugins;
