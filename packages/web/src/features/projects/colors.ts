/** Green text that keeps a 4.5:1 contrast on a pale green or muted background, in both themes. */
export const GOOD_TEXT = "text-emerald-800 dark:text-emerald-400";
